import * as fs from 'node:fs';
import * as path from 'node:path';
import { cacheDir } from './paths';

/** A fresh folder for VS Code to open, so tests never touch the repository's own files. */
export function prepareWorkspace(label: string, files: Record<string, string> = {}): string {
  fs.mkdirSync(path.join(cacheDir, 'runs'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(cacheDir, 'runs', `ws-${label}-`));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
