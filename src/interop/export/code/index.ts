/**
 * "Copy as code": one request as a runnable program in six languages, written by small generators
 * over one concrete request (no library: each target must read the password from the CLI's
 * environment variables and print the decoded result line, which generic snippet libraries do not).
 */
import type { CodeRequest } from './request';
import { csharp } from './csharp';
import { go } from './go';
import { java } from './java';
import { node } from './node';
import { php } from './php';
import { python } from './python';

export type { CodeRequest, CodeText } from './request';

export const LANGUAGES = ['node', 'python', 'php', 'java', 'csharp', 'go'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The file a program is saved as (Java's must match its class). */
export const FILE_NAMES: Record<Language, string> = { node: 'request.mjs', python: 'request.py', php: 'request.php', java: 'Request.java', csharp: 'Program.cs', go: 'main.go' };

const GENERATORS: Record<Language, (r: CodeRequest) => string> = { node, python, php, java, csharp, go };

export function toCode(language: Language, request: CodeRequest): string {
  return GENERATORS[language](request);
}
