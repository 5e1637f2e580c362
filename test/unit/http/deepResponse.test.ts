import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeResponse } from '../../../src/decode';
import { HttpClient, redactResponse } from '../../../src/http';
import { MAX_JSON_DEPTH } from '../../../src/json';

/** A hostile gateway on loopback: answers every request with the same body. */
async function serverAnswering(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const nested = (depth: number): string => '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth);

describe('a response nested deeper than the bound', function () {
  const client = new HttpClient();
  after(() => client.destroy());

  for (const depth of [5_000, 100_000]) {
    it(`${depth} levels: kept as text, redacted and decoded with "nested deeper than ${MAX_JSON_DEPTH} levels", no stack overflow`, async () => {
      const server = await serverAnswering(nested(depth));
      try {
        const response = await client.send({ method: 'GET', url: `${server.url}/deep`, headers: {}, timeoutMs: 5000, maxResponseBytes: 4 * 1024 * 1024 });
        assert.equal(response.json, undefined);
        assert.match(response.jsonError ?? '', new RegExp(`nested deeper than ${MAX_JSON_DEPTH} levels`));
        const redacted = redactResponse(response);
        assert.equal(redacted.bodyText.length, response.bodyText.length);
        const decoded = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 200, body: redacted.json, rawText: redacted.bodyText });
        assert.match(JSON.stringify(decoded), /nested (too deep|deeper)/);
      } finally {
        await server.close();
      }
    });
  }
});
