/**
 * The one reader of files a workspace, a repository or a command line names (CA and client
 * certificate files, environments, flows, request files, scenarios, imports): a byte limit enforced
 * while reading, not by stat alone (a device such as /dev/zero or a pipe reports size 0, and a file may
 * grow as it is read), and, where only a file makes sense, devices, pipes and sockets refused when
 * opened, before anything is read.
 */
import * as fs from 'node:fs';
import { formatBytes } from '../format/formatBytes';

/** Why a file was not read, as the end of a sentence ("is not a regular file …"): the caller names the file first. */
export class UnreadableFile extends Error {}

const CHUNK_BYTES = 64 * 1024;

/** Why a device, a pipe or a socket is not read, as the end of a sentence (every reader of such files says the same). */
export const NOT_A_REGULAR_FILE = 'is not a regular file (a device, a pipe or a socket); only a regular file is read';

/** Why a file whose size is known is not read, as the end of a sentence. */
export function largerThanLimit(size: number, limit: number): string {
  return `is ${size} bytes, larger than the ${formatBytes(limit)} read at most`;
}

/** The file's text (UTF-8): readBytesBounded decoded. */
export function readFileBounded(file: string, limit: number, options: { regularOnly: boolean }): string {
  return readBytesBounded(file, limit, options).toString('utf8');
}

/**
 * The file's bytes, or UnreadableFile once more than `limit` bytes have been read. With
 * `regularOnly`, a device, pipe or socket is refused when opened, before anything is read (the open
 * does not wait for a pipe's writer either).
 */
export function readBytesBounded(file: string, limit: number, options: { regularOnly: boolean }): Buffer {
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
    if (options.regularOnly && !stat.isFile()) throw new UnreadableFile(NOT_A_REGULAR_FILE);
    if (stat.isFile() && stat.size > limit) throw new UnreadableFile(largerThanLimit(stat.size, limit));
    return readAtMost(fd, limit);
  } finally {
    fs.closeSync(fd);
  }
}

function readAtMost(fd: number, limit: number): Buffer {
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
    if (n === 0) return Buffer.concat(chunks, total);
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    total += n;
    if (total > limit) throw new UnreadableFile(`is larger than the ${formatBytes(limit)} read at most (more than ${limit} bytes came: a device, or a file still growing)`);
  }
}
