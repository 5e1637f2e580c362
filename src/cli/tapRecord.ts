/**
 * The record file of `payment-workbench tap --record FILE`: one JSON object per captured call (the
 * `--json` line: seq, operation, ids, … and the masked exchange). Read line by line in fixed chunks,
 * each line bounded, each checked before it is used, so a file from another version, a crafted one or
 * one cut short mid-line gets an error naming the file, the line and what is wrong. The file is
 * appended to by every tap run given the same --record: seq starting again at 1 begins a new run.
 */
import * as fs from 'node:fs';
import { getOperation } from '../catalogue/operations';
import { excerpt, quoteValue } from '../format/quote';
import { boundExchange } from '../history/bounds';
import { MAX_JSON_DEPTH, parseJsonBounded } from '../json/depth';
import type { Exchange } from '../send/exchange';
import { UsageError } from './usage';

/** A tap line holds an exchange history bounds to 1 MiB of JSON text: 8 MiB of UTF-8 is room enough, and a bound. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;
/** Calls indexed from one file; a longer record is split (or chosen by order) rather than read whole. */
export const MAX_RECORD_CALLS = 1_000_000;
const CHUNK_BYTES = 64 * 1024;

/** What the first pass keeps of each call: enough to choose, never the exchange itself. */
export interface RecordedCallIndex {
  /** 1-based line of the file. */
  line: number;
  /** 1-based tap run within the file (a seq not above the previous one starts the next run). */
  run: number;
  seq: number;
  recognised: boolean;
  operationId: string;
  title: string;
  orderId?: string;
  sessionId?: string;
}

export interface RecordedCall extends RecordedCallIndex {
  exchange: Exchange;
}

/** Reads `file` line by line (LF or CRLF), each line at most `maxLineBytes`; blank lines are skipped. */
export function forEachLine(file: string, shown: string, onLine: (text: string, line: number) => void, maxLineBytes = MAX_LINE_BYTES): void {
  let fd: number;
  try {
    // Judged before it is opened: opening a FIFO would wait for a writer, /dev/zero never ends.
    if (!fs.statSync(file).isFile()) throw new UsageError(`${shown}: not a file; name the record file tap --record wrote`);
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`${shown}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let line = 0;
    const finish = (last: Buffer) => {
      line += 1;
      const bytes = pending.length ? Buffer.concat([...pending, last]) : last;
      pending = [];
      pendingBytes = 0;
      let text = bytes.toString('utf8');
      if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (text.trim() !== '') onLine(text, line);
    };
    for (;;) {
      const read = fs.readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      const data = chunk.subarray(0, read);
      let start = 0;
      for (let newline = data.indexOf(0x0a, start); newline !== -1; newline = data.indexOf(0x0a, start)) {
        if (pendingBytes + newline - start > maxLineBytes) throw tooLong(shown, line + 1, maxLineBytes);
        finish(Buffer.from(data.subarray(start, newline)));
        start = newline + 1;
      }
      const rest = data.subarray(start);
      pendingBytes += rest.length;
      if (pendingBytes > maxLineBytes) throw tooLong(shown, line + 1, maxLineBytes);
      if (rest.length) pending.push(Buffer.from(rest));
    }
    if (pendingBytes > 0) finish(Buffer.alloc(0));
  } finally {
    fs.closeSync(fd);
  }
}

const tooLong = (shown: string, line: number, max: number) => new UsageError(`${shown}:${line}: longer than ${max} bytes; not a line tap --record writes`);

/** The line as a captured call, or a UsageError naming the file, the line and the first thing wrong. */
export function parseRecordLine(text: string, where: string): Omit<RecordedCall, 'line' | 'run'> {
  let value: unknown;
  try {
    value = parseJsonBounded(text, { where, maxDepth: MAX_JSON_DEPTH + 3 });
  } catch (err) {
    throw new UsageError(`${where}: not a JSON line (${err instanceof Error ? err.message : String(err)}); tap --record writes one JSON object per call`);
  }
  const bad = (path: string, wants: string) => new UsageError(`${where}: ${path} ${wants}; not a call tap --record wrote`);
  if (!isRecord(value)) throw bad('the line', 'must be a JSON object');
  const seq = value['seq'];
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw bad('seq', `must be a whole number from 1, got ${shownValue(seq)}`);
  const e = value['exchange'];
  if (!isRecord(e)) throw bad('exchange', 'must be an object');
  for (const key of ['id', 'startedAt', 'operationId', 'operationTitle'] as const) if (typeof e[key] !== 'string') throw bad(`exchange.${key}`, 'must be text');
  const env = e['environment'];
  if (!isRecord(env) || typeof env['id'] !== 'string' || typeof env['name'] !== 'string' || typeof env['live'] !== 'boolean') throw bad('exchange.environment', 'must be { id, name, live }');
  if (e['version'] !== undefined && (typeof e['version'] !== 'number' || !Number.isSafeInteger(e['version']))) throw bad('exchange.version', 'must be a whole number');
  const params = e['params'];
  if (!isRecord(params)) throw bad('exchange.params', 'must be an object');
  for (const [name, v] of Object.entries(params)) if (typeof v !== 'string') throw bad(`exchange.params.${excerpt(name, 40)}`, 'must be text');
  const request = e['request'];
  if (!isRecord(request) || typeof request['method'] !== 'string' || typeof request['url'] !== 'string' || !isRecord(request['headers']) || typeof request['bodyWasMasked'] !== 'boolean') {
    throw bad('exchange.request', 'must be { method, url, headers, bodyWasMasked, … }');
  }
  const response = e['response'];
  if (response !== undefined && !(isRecord(response) && typeof response['status'] === 'number' && typeof response['bodyText'] === 'string')) throw bad('exchange.response', 'must be { status, bodyText, … }');
  const exchange = boundExchange({ ...(e as unknown as Exchange), ...(isDecodedUsable(e['decoded']) ? {} : { decoded: undefined }) });
  if (exchange.decoded === undefined) delete exchange.decoded;
  // A call the catalogue does not have (or no longer has) is kept, but not as a step.
  const recognised = value['recognised'] === true && getOperation(exchange.operationId) !== undefined;
  const text40 = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const orderId = text40(value['orderId']) ?? exchange.params['orderId'];
  const sessionId = text40(value['sessionId']) ?? exchange.params['sessionId'];
  return {
    seq,
    recognised,
    operationId: exchange.operationId,
    title: exchange.operationTitle,
    exchange,
    ...(orderId !== undefined ? { orderId } : {}),
    ...(sessionId !== undefined ? { sessionId } : {}),
  };
}

/** A decoded answer whose outcome fields a saved flow's expectations read are what they should be. */
function isDecodedUsable(decoded: unknown): boolean {
  if (decoded === undefined) return true;
  if (!isRecord(decoded)) return false;
  const outcome = decoded['outcome'];
  if (outcome === undefined) return true;
  if (!isRecord(outcome)) return false;
  const code = outcome['gatewayCode'];
  return (outcome['result'] === undefined || typeof outcome['result'] === 'string') && (code === undefined || (isRecord(code) && (code['code'] === undefined || typeof code['code'] === 'string')));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shownValue = (v: unknown) => quoteValue(v, 40);

/** Every call of the file, without its exchange: the first pass, which checks every line. */
export function indexRecord(file: string, shown: string): RecordedCallIndex[] {
  const calls: RecordedCallIndex[] = [];
  let run = 0;
  let previousSeq = Infinity;
  forEachLine(file, shown, (text, line) => {
    if (calls.length >= MAX_RECORD_CALLS) throw new UsageError(`${shown}: more than ${MAX_RECORD_CALLS} calls; record each tap run to a file of its own`);
    const { exchange: _kept, ...call } = parseRecordLine(text, `${shown}:${line}`);
    if (call.seq <= previousSeq) run += 1;
    previousSeq = call.seq;
    calls.push({ ...call, line, run });
  });
  if (calls.length === 0) throw new UsageError(`${shown}: no calls in it; tap --record FILE writes a line for each call the tap sees`);
  return calls;
}

/** The exchanges of the chosen calls (by line), read in a second pass, in the file's order. */
export function readCalls(file: string, shown: string, chosen: readonly RecordedCallIndex[]): RecordedCall[] {
  const byLine = new Map(chosen.map((c) => [c.line, c]));
  const out: RecordedCall[] = [];
  forEachLine(file, shown, (text, line) => {
    const call = byLine.get(line);
    if (call) out.push({ ...call, exchange: parseRecordLine(text, `${shown}:${line}`).exchange });
  });
  if (out.length !== chosen.length) throw new UsageError(`${shown}: the file changed while it was read; read it again once the tap has stopped writing`);
  return out;
}
