/**
 * Writing a file at a name the workbench chose in a folder it did not make (a cloned repository's, the
 * working folder): such a folder may hold a symbolic link at that name, pointing anywhere, its target
 * existing or not. Nothing here follows one: a name is taken when anything is there (lstat), a new file
 * is created only where nothing is, and a replaced one is replaced by name.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Whether anything is at `file`: a file, a folder or a link, even a dangling one (existsSync follows links, so it would say free). */
export function isNameTaken(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** Creates `file` with `text`; throws EEXIST when anything is at the name ('wx' is O_CREAT|O_EXCL: it fails on a link, and follows none). */
export function writeNewFile(file: string, text: string): void {
  fs.writeFileSync(file, text, { flag: 'wx' });
}

/** Puts `text` at `file`, replacing what is there: written beside it as a new file, then renamed over the name (a link there is replaced, its target untouched). */
export function replaceFile(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeNewFile(temp, text);
    fs.renameSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
