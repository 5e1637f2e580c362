/**
 * The bodies a cURL command names with `@file` (-d, --data-binary, --json, -T), read only from regular
 * files in the command's own folder, so a command from a ticket cannot copy /proc/self/environ or
 * ~/.ssh into the files an import writes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFileBounded, UnreadableFile } from '../../files/boundedFile';

/**
 * A cURL `@file` name, read relative to the folder of the command file that names it: a regular file
 * in that folder or below it (after symbolic links are followed), at most `limit` bytes.
 */
export function readBesideCommand(name: string, commandFile: string, limit: number): string {
  if (name === '-' || name === '') throw new UnreadableFile('reads standard input, which an import does not have; save the body in a file beside the command');
  const folder = path.dirname(path.resolve(commandFile));
  let real: string;
  let realFolder: string;
  try {
    realFolder = fs.realpathSync(folder);
    real = fs.realpathSync(path.resolve(folder, name));
  } catch (err) {
    throw new UnreadableFile(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const relative = path.relative(realFolder, real);
  if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) throw new UnreadableFile(`is outside the folder of ${path.basename(commandFile)}; an import reads a body only from that folder (copy the file beside the command)`);
  return readFileBounded(real, limit, { regularOnly: true });
}
