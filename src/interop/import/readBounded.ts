/**
 * Files an import reads, for both adapters: a byte limit enforced while reading (a device such as
 * /dev/zero or a pipe reports size 0 to stat, and a file may grow as it is read), and the bodies a
 * cURL command names with `@file` (-d, --data-binary, --json, -T) read only from regular files in the
 * command's own folder, so a command from a ticket cannot copy /proc/self/environ or ~/.ssh into the
 * files an import writes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why a file was not read: the adapter names the file in its own error. */
export class UnreadableFile extends Error {}

const CHUNK_BYTES = 64 * 1024;

/**
 * The file's text (UTF-8), or UnreadableFile once more than `limit` bytes have been read. With
 * `regularOnly`, a device, pipe or socket is refused when opened, before anything is read (the open
 * does not wait for a pipe's writer either).
 */
export function readFileBounded(file: string, limit: number, options: { regularOnly: boolean }): string {
  const nonBlocking = options.regularOnly ? (fs.constants.O_NONBLOCK ?? 0) : 0;
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | nonBlocking);
  } catch (err) {
    throw new UnreadableFile(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw new UnreadableFile('is a folder, not a file');
    if (options.regularOnly && !stat.isFile()) throw new UnreadableFile('is not a regular file (a device, a pipe or a socket); a body is read from a file');
    if (stat.isFile() && stat.size > limit) throw new UnreadableFile(`${stat.size} bytes; at most ${limit} are read`);
    return readAtMost(fd, limit);
  } finally {
    fs.closeSync(fd);
  }
}

function readAtMost(fd: number, limit: number): string {
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    let n: number;
    try {
      // One byte past the limit is enough to know the file is too long.
      n = fs.readSync(fd, buffer, 0, Math.min(CHUNK_BYTES, limit + 1 - total), null);
    } catch (err) {
      // A pipe opened non-blocking by the shell (process substitution) has no data yet: wait a little.
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      throw new UnreadableFile(`cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
    if (n === 0) return Buffer.concat(chunks, total).toString('utf8');
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    total += n;
    if (total > limit) throw new UnreadableFile(`more than ${limit} bytes; at most ${limit} are read`);
  }
}

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
