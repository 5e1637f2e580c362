import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { HttpFailure, type HttpFailureKind } from '../../../../src/http';

/** A port that was free a moment ago and has nothing listening: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Awaits a failure and checks its kind and how long it took to arrive. */
export async function expectFailure(
  promise: Promise<unknown>,
  kind: HttpFailureKind | readonly HttpFailureKind[],
  withinMs: number,
): Promise<{ failure: HttpFailure; elapsedMs: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (error) {
    const elapsedMs = Date.now() - started;
    assert.ok(error instanceof HttpFailure, `expected HttpFailure, got ${String(error)}`);
    const kinds: readonly HttpFailureKind[] = typeof kind === 'string' ? [kind] : kind;
    assert.ok(kinds.includes(error.kind), `kind ${error.kind}, expected ${kinds.join(' or ')}: ${error.message}`);
    assert.ok(elapsedMs <= withinMs, `${kind} took ${elapsedMs} ms (limit ${withinMs} ms)`);
    return { failure: error, elapsedMs };
  }
  assert.fail(`expected a ${String(kind)} failure, the request succeeded`);
}
