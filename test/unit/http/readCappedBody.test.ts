import * as assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { BodyTooLarge, readCappedBody } from '../../../src/http/readCappedBody';

describe('readCappedBody (a chunked body without Content-Length)', () => {
  it('returns the whole body when it fits, multi-byte characters intact across chunks', async () => {
    const bytes = Buffer.from('{"name":"été 😀"}');
    const chunks = Array.from(bytes, (b) => Buffer.from([b]));
    assert.equal((await readCappedBody(Readable.from(chunks), bytes.length)).toString('utf8'), '{"name":"été 😀"}');
  });

  it('stops at the cap and destroys the stream instead of reading the rest', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced++;
        this.push(Buffer.alloc(1024, 'x'));
      },
    });
    await assert.rejects(readCappedBody(endless, 10 * 1024), BodyTooLarge);
    assert.ok(endless.destroyed);
    assert.ok(produced < 64, `read ${produced} chunks`);
  });
});
