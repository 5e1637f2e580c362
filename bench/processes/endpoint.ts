/**
 * A webhook endpoint for the deliveries bench in a process of its own, so the simulator's deliveries
 * and the endpoint never take turns on one thread: `fast` (node:http answering 204 at once), `slow`
 * (204 after the milliseconds given next, default 2000) or `hang` (accepts the connection, reads the request, never answers).
 * Prints `{"port":N}` once listening; when its standard input closes it prints
 * `{"received":N}` (the POSTs whose body it read whole) and ends.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type EndpointKind = 'fast' | 'slow' | 'hang';

function main(): void {
  const kind = process.argv[2] as EndpointKind;
  const slowMs = Number(process.argv[3] ?? 2000);
  if (kind !== 'fast' && kind !== 'slow' && kind !== 'hang') throw new Error(`endpoint kind: fast, slow or hang, not ${String(kind)}`);
  let received = 0;
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      if (kind === 'fast') res.writeHead(204).end();
      else if (kind === 'slow') setTimeout(() => res.writeHead(204).end(), slowMs);
      else held.add(res);
    });
  });
  // No server-side timeouts: a hanging endpoint hangs until the simulator gives up on it.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(JSON.stringify({ port: (server.address() as AddressInfo).port }) + '\n');
  });
  process.stdin
    .on('end', () => {
      process.stdout.write(JSON.stringify({ received }) + '\n', () => process.exit(0));
    })
    .resume();
}

main();
