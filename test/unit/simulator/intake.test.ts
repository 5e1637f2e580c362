/**
 * What the simulator does with what arrives on the wire, over raw sockets where a client library
 * would smooth it over: a body past the size limit is refused as soon as the limit is passed, chunked
 * or not, and the connection is closed while the client is still sending.
 */
import * as assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { MAX_REQUEST_BYTES } from '../../../src/simulator/responseWriter';
import type { SimulatorHandle } from '../../../src/simulator';
import { basicAuth, MID, send, useSimulator } from './helpers';

/** More than the kernel and Node buffer on a loopback connection, client and server together. */
const SOCKET_BUFFERS = 32 * 1024 * 1024;

interface Refusal {
  /** What the server sent, as text. */
  answer: string;
  /** Body bytes the client had written when the first byte of the answer arrived. */
  sentBeforeAnswer: number;
  /** True when the server closed the connection (end, or a reset after the answer) while the client was still writing. */
  closedByServer: boolean;
}

/**
 * Sends `head`, then body bytes in `chunk`-framed pieces without ever ending the body, until the
 * server answers and closes, or `giveUpAfter` bytes were written (then the answer is what arrived).
 */
function sendEndlessBody(port: number, head: string, frame: (piece: Buffer) => Buffer, giveUpAfter: number): Promise<Refusal> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const piece = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let sentBeforeAnswer = -1;
    let answer = '';
    let done = false;
    const finish = (closedByServer: boolean): void => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer, sentBeforeAnswer, closedByServer });
    };
    socket.on('data', (d: Buffer) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      answer += d.toString('latin1');
    });
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(answer !== ''));
    const pump = (): void => {
      while (!done && sent < giveUpAfter) {
        sent += piece.length;
        if (!socket.write(frame(piece))) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!done && sent >= giveUpAfter) finish(false);
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
  });
}

describe('simulator intake: bodies past the size limit', function () {
  this.timeout(60_000);
  let sim: SimulatorHandle;
  useSimulator({}, (s) => (sim = s));
  const target = `/api/rest/version/100/merchant/${MID}/order/BIG-1/transaction/1`;
  const headers = (framing: string): string =>
    `PUT ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basicAuth()}\r\nContent-Type: application/json\r\n${framing}\r\n`;

  it('a chunked body that never ends: 413 as soon as the limit is passed, and the connection closed while the client still sends', async () => {
    const chunked = (piece: Buffer): Buffer => Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
    const r = await sendEndlessBody(sim.port, headers('Transfer-Encoding: chunked\r\n'), chunked, 8 * MAX_REQUEST_BYTES);
    assert.match(r.answer, /^HTTP\/1\.1 413 /, `no 413 after ${r.sentBeforeAnswer} bytes: ${r.answer.slice(0, 200)}`);
    assert.match(r.answer, /\r\nconnection: close\r\n/i);
    assert.match(r.answer, /"cause":"INVALID_REQUEST"/);
    assert.ok(r.closedByServer, 'the server closed the connection');
    // The client keeps writing until the answer arrives: what it wrote past the limit is what the
    // socket buffers on both sides held (a few MiB each on loopback), never the body's end.
    assert.ok(r.sentBeforeAnswer < MAX_REQUEST_BYTES + SOCKET_BUFFERS, `answered only after ${r.sentBeforeAnswer} bytes`);
  });

  it('a Content-Length past the limit is refused before the body is read', async () => {
    const r = await sendEndlessBody(sim.port, headers(`Content-Length: ${MAX_REQUEST_BYTES * 10}\r\n`), (piece) => piece, 8 * MAX_REQUEST_BYTES);
    assert.match(r.answer, /^HTTP\/1\.1 413 /, r.answer.slice(0, 200));
    assert.ok(r.closedByServer);
    assert.ok(r.sentBeforeAnswer < SOCKET_BUFFERS, `answered only after ${r.sentBeforeAnswer} bytes`);
  });

  it('a body nested too deep, or holding too many values, is refused before it is parsed, in the gateway\'s words with the place', async () => {
    const { Agent } = await import('undici');
    const agent = new Agent();
    const url = `${sim.baseUrl}${target}`;
    try {
      const deep = await send(agent, url, { method: 'PUT', headers: { authorization: basicAuth() }, body: `{"apiOperation":"PAY","x":${'['.repeat(1_000_000)}` });
      assert.equal(deep.status, 400, deep.text);
      assert.match(deep.text, /Json encoded payload error: nested deeper than 64 levels at \[character 90 line 1\]/);
      const members = Array.from({ length: 60_000 }, (_, i) => `"k${i}":1`).join(',');
      const wide = await send(agent, url, { method: 'PUT', headers: { authorization: basicAuth() }, body: `{"apiOperation":"PAY",${members}}` });
      assert.equal(wide.status, 400, wide.text);
      assert.match(wide.text, /Json encoded payload error: more than 50000 values at \[character \d+ line 1\]/);
      // Brackets and commas inside strings are text, not structure.
      const texty = await send(agent, url, { method: 'PUT', headers: { authorization: basicAuth() }, body: { apiOperation: 'PAY', order: { amount: '1.00', currency: 'EUR', description: `${'[,'.repeat(60)}` }, sourceOfFunds: { provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' } } } } } });
      assert.equal(texty.status, 201, texty.text);
    } finally {
      await agent.close();
    }
  });

  it('the simulator still answers the next request', async () => {
    const res = await fetch(`${sim.baseUrl}/_simulator`);
    assert.equal(res.status, 200);
  });
});

/** Writes `text`, then nothing more, and collects what the server says until it closes the connection. */
function stallAfter(port: number, text: string): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('close', () => resolve({ answer, closed: true }));
    socket.on('error', () => undefined);
  });
}

describe('simulator intake: a client that stops sending (slowloris)', function () {
  this.timeout(20_000);
  let sim: SimulatorHandle;
  // A short request timeout, so the test waits well under a second for what takes a minute by default.
  useSimulator({ requestTimeoutMs: 400 }, (s) => (sim = s));

  it('a body that stops half way: 408 and the connection closed, instead of a request held open', async () => {
    const r = await stallAfter(sim.port, `PUT /api/rest/version/100/merchant/${MID}/order/SLOW-1/transaction/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"apiOperation":`);
    assert.match(r.answer, /^HTTP\/1\.1 408 /, r.answer.slice(0, 200));
    assert.ok(r.closed);
  });

  it('headers that never end: 408 and closed', async () => {
    const r = await stallAfter(sim.port, 'GET /_simulator HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a');
    assert.match(r.answer, /^HTTP\/1\.1 408 /, r.answer.slice(0, 200));
    assert.ok(r.closed);
  });

  it('an ordinary request is still answered', async () => {
    const { Agent } = await import('undici');
    const agent = new Agent();
    try {
      assert.equal((await send(agent, `${sim.baseUrl}/_simulator`)).status, 200);
    } finally {
      await agent.close();
    }
  });
});
