/** @vscode/vsce ships no type declarations; these are the functions the tests use. */
declare module '@vscode/vsce' {
  export function listFiles(options: { cwd: string; dependencies: boolean }): Promise<string[]>;
}
