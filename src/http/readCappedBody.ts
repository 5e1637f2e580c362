import type { Readable } from 'node:stream';

export class BodyTooLarge extends Error {}

/**
 * Reads the body up to `maxBytes`; past that it destroys the stream (closing the socket) instead of
 * downloading the rest, so a runaway 2 GB answer costs at most the cap in memory.
 */
export async function readCappedBody(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<unknown>) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) {
      body.destroy();
      throw new BodyTooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}
