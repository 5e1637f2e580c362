/**
 * The contract of the simulator with the real gateway: a corpus of answers the real gateway gave
 * (test/contract/corpus/*.json, each with where it was found and why it is believed captured), replayed
 * against a running simulator and compared on what a merchant's code reads. README.md beside this file
 * says what the corpus is and the rules; COMPARISON_RULES below is the one list of what is compared,
 * what is only counted and what is left out, each with its reason.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Agent, request } from 'undici';
import { compare, parseDecimal } from '../../src/catalogue/decimal';
import { EXPIRY_OUTCOMES } from '../../src/catalogue/testData';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Where an exchange was found. `indexId` names a file of the public code index when it returned no repository name. */
export interface CorpusSource {
  kind: 'repository' | 'page';
  repository?: string;
  path?: string;
  commit?: string;
  url?: string;
  indexId?: string;
  why: string;
}

/** A step run before the exchange, on the same order (or session), with fresh ids. `body` adds to the step's default body. */
export interface PrerequisiteStep {
  operation: PrerequisiteOperation;
  body?: JsonObject;
}

export const PREREQUISITE_OPERATIONS = ['gateway.authorize', 'gateway.pay', 'gateway.createSession', 'gateway.updateSession', 'gateway.initiateAuthentication', 'gateway.authenticatePayer'] as const;
export type PrerequisiteOperation = (typeof PREREQUISITE_OPERATIONS)[number];

/** What the recorded card did: the replay pays with a public test card of the same outcome (the expiry picks it). */
export const OUTCOMES = ['APPROVED', 'DECLINED', 'EXPIRED_CARD', 'TIMED_OUT', 'ACQUIRER_SYSTEM_ERROR', 'UNSPECIFIED_FAILURE', 'UNKNOWN', 'NONE'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface CorpusExchange {
  id: string;
  source: CorpusSource;
  host?: string;
  version: number;
  /** The catalogue's operation id (src/catalogue/operations.ts); gateway.unroutedPath for a path the gateway routes to no operation. */
  operation: string;
  request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    /** With {version}, {merchantId}, {orderId}, {transactionId}, {sessionId} for the replay's own values. */
    path: string;
    /** String values "{orderId}", "{card.number}" … are replaced whole (replay.ts, PLACEHOLDERS). */
    body?: JsonObject;
    /** Sent byte for byte instead of `body` (a malformed request). */
    rawBody?: string;
    /** wrongPassword: the simulator merchant with a password it does not have. */
    credentials?: 'wrongPassword';
  };
  response: {
    status: number;
    body: JsonObject;
    /** The source shows the body only: the status is the documented one, so only its class (2xx, 4xx) is compared. */
    statusInferred?: string;
    /** The source cut the body after this path (gateway key order): the simulator's paths after it are not counted as extra. */
    truncatedAfter?: string;
    /** The source elided the rest of these objects: the simulator's paths inside them are not counted as extra. */
    elidedInside?: string[];
  };
  prerequisites: (PrerequisiteOperation | PrerequisiteStep)[];
  /** Amount and currency of the order the prerequisites create (default 10.00 USD). */
  prerequisiteOrder?: { amount: string; currency: string };
  outcome: Outcome;
  /** The card's 3-D Secure behaviour when the exchange involves authentication. */
  authentication?: 'challenge' | 'frictionless';
  /** Why the simulator does not agree today; the test skips the exchange and lists it. */
  knownGap?: string;
  notes?: string;
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(file: string, what: string): never {
  throw new Error(`${file}: ${what}`);
}

function str(file: string, o: Record<string, unknown>, key: string, optional = false): string | undefined {
  const v = o[key];
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string' || v === '') fail(file, `${key} must be a non-empty string`);
  return v;
}

function isJson(v: unknown, depth = 0): v is Json {
  if (depth > 64) return false;
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every((x) => isJson(x, depth + 1));
  if (isObject(v)) return Object.values(v).every((x) => isJson(x, depth + 1));
  return false;
}

function jsonObject(file: string, v: unknown, what: string): JsonObject {
  if (!isObject(v) || !isJson(v)) fail(file, `${what} must be a JSON object`);
  return v as JsonObject;
}

const isPrerequisiteOperation = (v: unknown): v is PrerequisiteOperation => (PREREQUISITE_OPERATIONS as readonly unknown[]).includes(v);

/** One corpus file: an exchange or a list of them, checked field by field so a mistyped file fails with its name. */
export function parseCorpusFile(file: string, raw: unknown): CorpusExchange[] {
  const items = Array.isArray(raw) ? raw : [raw];
  return items.map((item, i) => {
    const where = items.length > 1 ? `${file}[${i}]` : file;
    if (!isObject(item)) fail(where, 'an exchange must be an object');
    const source = item['source'];
    if (!isObject(source)) fail(where, 'source must be an object');
    const kind = source['kind'];
    if (kind !== 'repository' && kind !== 'page') fail(where, 'source.kind must be repository or page');
    if (kind === 'page' && typeof source['url'] !== 'string') fail(where, 'a page source needs its url');
    if (kind === 'repository' && typeof source['repository'] !== 'string' && typeof source['indexId'] !== 'string') fail(where, 'a repository source needs repository or indexId');
    const req = item['request'];
    if (!isObject(req)) fail(where, 'request must be an object');
    const method = req['method'];
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT' && method !== 'DELETE') fail(where, 'request.method must be GET, POST, PUT or DELETE');
    const res = item['response'];
    if (!isObject(res)) fail(where, 'response must be an object');
    const status = res['status'];
    if (typeof status !== 'number' || !Number.isInteger(status)) fail(where, 'response.status must be an integer');
    const version = item['version'];
    if (typeof version !== 'number' || !Number.isInteger(version)) fail(where, 'version must be an integer');
    const outcome = item['outcome'];
    if (!(OUTCOMES as readonly unknown[]).includes(outcome)) fail(where, `outcome must be one of ${OUTCOMES.join(', ')}`);
    const prereqs = item['prerequisites'];
    if (!Array.isArray(prereqs)) fail(where, 'prerequisites must be a list');
    const prerequisites = prereqs.map((p): PrerequisiteOperation | PrerequisiteStep => {
      if (isPrerequisiteOperation(p)) return p;
      if (isObject(p) && isPrerequisiteOperation(p['operation'])) return { operation: p['operation'], ...(p['body'] !== undefined ? { body: jsonObject(where, p['body'], 'a prerequisite body') } : {}) };
      return fail(where, `a prerequisite must be one of ${PREREQUISITE_OPERATIONS.join(', ')}`);
    });
    const auth = item['authentication'];
    if (auth !== undefined && auth !== 'challenge' && auth !== 'frictionless') fail(where, 'authentication must be challenge or frictionless');
    const order = item['prerequisiteOrder'];
    if (order !== undefined && !(isObject(order) && typeof order['amount'] === 'string' && typeof order['currency'] === 'string')) fail(where, 'prerequisiteOrder needs amount and currency as text');
    const elided = res['elidedInside'];
    if (elided !== undefined && !(Array.isArray(elided) && elided.every((e) => typeof e === 'string'))) fail(where, 'response.elidedInside must be a list of paths');
    const credentials = req['credentials'];
    if (credentials !== undefined && credentials !== 'wrongPassword') fail(where, 'request.credentials can only be wrongPassword');
    const exchange: CorpusExchange = {
      id: str(where, item, 'id') as string,
      source: {
        kind,
        why: str(where, source, 'why') as string,
        ...optionalStrings(where, source, ['repository', 'path', 'commit', 'url', 'indexId']),
      },
      version,
      operation: str(where, item, 'operation') as string,
      request: {
        method,
        path: str(where, req, 'path') as string,
        ...(req['body'] !== undefined ? { body: jsonObject(where, req['body'], 'request.body') } : {}),
        ...(req['rawBody'] !== undefined ? { rawBody: str(where, req, 'rawBody') as string } : {}),
        ...(credentials !== undefined ? { credentials } : {}),
      },
      response: {
        status,
        body: jsonObject(where, res['body'], 'response.body'),
        ...optionalStrings(where, res, ['statusInferred', 'truncatedAfter']),
        ...(elided !== undefined ? { elidedInside: elided as string[] } : {}),
      },
      prerequisites,
      outcome: outcome as Outcome,
      ...(auth !== undefined ? { authentication: auth } : {}),
      ...(order !== undefined ? { prerequisiteOrder: { amount: String(order['amount']), currency: String(order['currency']) } } : {}),
      ...optionalStrings(where, item, ['host', 'knownGap', 'notes']),
    };
    return exchange;
  });
}

function optionalStrings(file: string, o: Record<string, unknown>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = str(file, o, k, true);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** Every exchange of the corpus folder, in file-name order; ids must be unique. */
export function loadCorpus(dir: string): CorpusExchange[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const all = files.flatMap((f) => parseCorpusFile(f, JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as unknown));
  const seen = new Set<string>();
  for (const e of all) {
    if (seen.has(e.id)) throw new Error(`corpus: the id ${e.id} is used twice`);
    seen.add(e.id);
  }
  return all;
}

/** "page developers.qodex.ai", "repository owner/name", or the index file: how a test names an exchange's source. */
export function sourceLabel(e: CorpusExchange): string {
  if (e.source.kind === 'page' && e.source.url) return `page ${new URL(e.source.url).host}`;
  if (e.source.repository) return `repository ${e.source.repository}`;
  return `code index file ${e.source.indexId ?? '?'}`;
}

// ---------------------------------------------------------------------------------------------
// The rules: one list, each with its reason
// ---------------------------------------------------------------------------------------------

/**
 * compare: the value must be equal (the merchant's code branches on it).
 * counted: presence and JSON type count, the value does not (it is the request's, the card's, an id or a time).
 * leftOut: neither value nor presence counts (whether the gateway sends it depends on the acquirer link,
 * the issuer, or the merchant's configuration, none of which a simulator shares with the recorded merchant).
 * A path no rule names is `counted`.
 */
export type Treatment = 'compare' | 'counted' | 'leftOut';

export interface ComparisonRule {
  /** A path as printed (`transaction[].type`); `*` is one segment, `**` any number of them. */
  path: string;
  treatment: Treatment;
  reason: string;
}

export const COMPARISON_RULES: readonly ComparisonRule[] = [
  { path: 'result', treatment: 'compare', reason: 'SUCCESS / FAILURE / PENDING / ERROR: the first thing a merchant reads' },
  { path: 'response.gatewayCode', treatment: 'compare', reason: "the gateway's verdict (APPROVED, DECLINED, …), chosen by the test card's expiry" },
  { path: 'error.cause', treatment: 'compare', reason: 'what kind of refusal (INVALID_REQUEST, REQUEST_REJECTED, …)' },
  { path: 'error.validationType', treatment: 'compare', reason: 'INVALID / MISSING / UNSUPPORTED: how a client explains a refused field' },
  { path: 'error.field', treatment: 'compare', reason: 'the field a client highlights' },
  { path: 'error.explanation', treatment: 'compare', reason: "the gateway's fixed text, after the replay's own ids and merchant are put in and a JSON parse position ([character N line L]) is masked: the bytes PowerShell sent are not recorded" },
  { path: 'order.status', treatment: 'compare', reason: 'the order state next steps are chosen from' },
  { path: 'status', treatment: 'compare', reason: "Retrieve Order's order state; a token's VALID/INVALID" },
  { path: 'transaction.type', treatment: 'compare', reason: 'AUTHORIZATION, PAYMENT, VOID_AUTHORIZATION, …: what the transaction was' },
  { path: 'transaction[].transaction.type', treatment: 'compare', reason: "the types in Retrieve Order's transaction list" },
  { path: 'session.updateStatus', treatment: 'compare', reason: 'whether a session update took (NO_UPDATE, SUCCESS, FAILURE)' },
  { path: 'order.authenticationStatus', treatment: 'compare', reason: '3-D Secure state of the order' },
  { path: 'transaction.authenticationStatus', treatment: 'compare', reason: '3-D Secure state of the transaction' },
  { path: 'checkoutMode', treatment: 'compare', reason: "which Hosted Checkout the session opens (WEBSITE, PAYMENT_LINK)" },
  { path: 'order.totalAuthorizedAmount', treatment: 'compare', reason: 'the totals refunds and captures are checked against' },
  { path: 'order.totalCapturedAmount', treatment: 'compare', reason: 'the totals refunds and captures are checked against' },
  { path: 'order.totalRefundedAmount', treatment: 'compare', reason: 'the totals refunds and captures are checked against' },
  { path: 'totalAuthorizedAmount', treatment: 'compare', reason: "Retrieve Order's totals" },
  { path: 'totalCapturedAmount', treatment: 'compare', reason: "Retrieve Order's totals" },
  { path: 'totalRefundedAmount', treatment: 'compare', reason: "Retrieve Order's totals" },
  { path: '**.authorizationResponse.**', treatment: 'leftOut', reason: 'the raw ISO 8583 fields of the acquirer link (stan, POS data, processing code): sent only by some acquirers' },
  { path: '**.acquirer.date', treatment: 'leftOut', reason: 'acquirer-link settlement detail, sent by some acquirers only' },
  { path: '**.acquirer.settlementDate', treatment: 'leftOut', reason: 'acquirer-link settlement detail, sent by some acquirers only' },
  { path: '**.acquirer.timeZone', treatment: 'leftOut', reason: 'acquirer-link settlement detail, sent by some acquirers only' },
  { path: '**.acquirer.transactionId', treatment: 'leftOut', reason: "the acquirer's own transaction id, sent by some acquirers only" },
  { path: '**.stan', treatment: 'leftOut', reason: 'system trace audit number of the acquirer link, sent by some acquirers only' },
  { path: '**.receipt', treatment: 'leftOut', reason: 'retrieval reference number of the acquirer link, sent by some acquirers only' },
  { path: '**.terminal', treatment: 'leftOut', reason: "the acquirer's terminal id, sent by some acquirers only" },
  { path: '**.risk.response.rule[].**', treatment: 'leftOut', reason: "the merchant's and MSO's configured risk rules" },
  { path: '**.risk.response.provider', treatment: 'leftOut', reason: 'the risk provider configured for the merchant' },
  { path: '**.merchantCategoryCode', treatment: 'leftOut', reason: "the merchant's configured category code" },
  { path: '**.card.issuer', treatment: 'leftOut', reason: "the issuer's name from the gateway's BIN table, known for some BINs only" },
  { path: '**.fundingStatus', treatment: 'leftOut', reason: 'funding status, for merchants with gateway funding configured' },
  { path: '**.funding.**', treatment: 'leftOut', reason: 'funding status, for merchants with gateway funding configured' },
  { path: '**.authentication.3ds2.acsReference', treatment: 'leftOut', reason: "the issuer ACS's reference" },
  { path: '**.authentication.3ds2.acsTransactionId', treatment: 'leftOut', reason: "the issuer ACS's id, sent once an ACS took part" },
  { path: '**.authentication.3ds2.dsReference', treatment: 'leftOut', reason: "the card scheme directory server's reference" },
  { path: '**.authentication.3ds2.dsTransactionId', treatment: 'leftOut', reason: "the directory server's id, sent once it took part" },
  { path: '**.authentication.3ds2.3dsServerTransactionId', treatment: 'leftOut', reason: "the 3DS server's id for the issuer exchange" },
  { path: '**.authentication.3ds2.requestorId', treatment: 'leftOut', reason: "the merchant's 3DS requestor registration" },
  { path: '**.authentication.3ds2.requestorName', treatment: 'leftOut', reason: "the merchant's 3DS requestor registration" },
  { path: '**.authentication.redirect.customizedHtml.**', treatment: 'leftOut', reason: "the issuer ACS's 3DS Method URL or challenge URL and CReq: exist only for some ACSs" },
  { path: '**.authentication.redirect.domainName', treatment: 'leftOut', reason: "the issuer ACS's host" },
  { path: '**.3DSecure.**', treatment: 'leftOut', reason: 'a 3-D Secure 1 result: the payment referred to a 3DSecureId, which the replay cannot create (the simulator has no 3-D Secure 1)' },
  { path: '**.3DSecureId', treatment: 'leftOut', reason: 'a 3-D Secure 1 id, which the replay cannot create' },
  { path: '**.airline.**', treatment: 'leftOut', reason: "ARC's airline addendum: an echo of what the ARC merchant sent; the replay's payment sends none" },
];

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

export type Segments = readonly string[];

/** `transaction[].type` → ['transaction', '[]', 'type']. */
export function parsePath(text: string): string[] {
  return text.split('.').flatMap((part) => {
    const out: string[] = [];
    let rest = part;
    while (rest.endsWith('[]')) {
      out.unshift('[]');
      rest = rest.slice(0, -2);
    }
    return rest === '' ? out : [rest, ...out];
  });
}

export function showPath(segments: Segments): string {
  return segments.reduce((acc, s) => (s === '[]' ? `${acc}[]` : acc === '' ? s : `${acc}.${s}`), '');
}

function matches(pattern: Segments, segments: Segments, pi = 0, si = 0): boolean {
  if (pi === pattern.length) return si === segments.length;
  const p = pattern[pi];
  if (p === '**') {
    for (let k = si; k <= segments.length; k++) if (matches(pattern, segments, pi + 1, k)) return true;
    return false;
  }
  if (si === segments.length) return false;
  return (p === '*' || p === segments[si]) && matches(pattern, segments, pi + 1, si + 1);
}

const parsedRules = COMPARISON_RULES.map((r) => ({ ...r, segments: parsePath(r.path) }));

/** The first rule that names the path decides; a path no rule names is counted. */
export function treatmentOf(segments: Segments): Treatment {
  return parsedRules.find((r) => matches(r.segments, segments))?.treatment ?? 'counted';
}

type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

function typeOf(v: Json): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : (typeof v as 'string' | 'number' | 'boolean');
}

/** The leaves of a body, arrays as `[]` (an empty object or list is a leaf), each with the JSON types seen there. */
export function leafTypes(body: Json): Map<string, Set<JsonType>> {
  const out = new Map<string, Set<JsonType>>();
  const walk = (v: Json, at: string[]): void => {
    if (Array.isArray(v) && v.length > 0) {
      for (const x of v) walk(x, [...at, '[]']);
      return;
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
      for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
      return;
    }
    const key = showPath(at);
    const seen = out.get(key) ?? new Set<JsonType>();
    seen.add(typeOf(v));
    out.set(key, seen);
  };
  walk(body, []);
  return out;
}

/** The values at a path (several where it crosses a list). */
export function valuesAt(body: Json, segments: Segments): Json[] {
  let current: Json[] = [body];
  for (const s of segments) {
    const next: Json[] = [];
    for (const v of current) {
      if (s === '[]') {
        if (Array.isArray(v)) next.push(...v);
      } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && s in v) {
        const child = v[s];
        if (child !== undefined) next.push(child);
      }
    }
    current = next;
  }
  return current;
}

/** Segment-wise order, as the gateway writes keys (sorted, code-unit order): for a body the source cut. */
function compareSegments(a: Segments, b: Segments): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

// ---------------------------------------------------------------------------------------------
// Replay
// ---------------------------------------------------------------------------------------------

export interface SimulatorTarget {
  baseUrl: string;
  merchantId: string;
  apiPassword: string;
  agent: Agent;
}

export interface Answer {
  status: number;
  body: Json;
}

export interface ReplayIds {
  merchantId: string;
  orderId: string;
  transactionId: string;
  sessionId?: string;
  targetTransactionId?: string;
  authenticationTransactionId?: string;
}

export interface Replayed {
  answer: Answer;
  ids: ReplayIds;
}

interface Card {
  number: string;
  month: string;
  year: string;
  securityCode: string;
}

/** A public test card of the exchange's outcome: the 3DS behaviour picks the number, the outcome the expiry (gateway-behaviour.md). */
export function testCardFor(e: Pick<CorpusExchange, 'outcome' | 'authentication'>): Card {
  const number = e.authentication === 'challenge' ? '4440000009900010' : e.authentication === 'frictionless' ? '4440000042200014' : '5123450000000008';
  const wanted = e.outcome === 'NONE' ? 'APPROVED' : e.outcome;
  const expiry = Object.entries(EXPIRY_OUTCOMES).find(([, code]) => code === wanted)?.[0];
  if (!expiry) throw new Error(`no test card expiry gives ${wanted}`);
  const [month, year] = expiry.split('/') as [string, string];
  return { number, month: String(Number(month)), year, securityCode: '100' };
}

const BROWSER = { browser: 'MOZILLA', browserDetails: { '3DSecureChallengeWindowSize': 'FULL_SCREEN', acceptHeaders: 'application/json', colorDepth: 24, javaEnabled: true, language: 'en-US', screenHeight: 640, screenWidth: 480, timeZone: 273 }, ipAddress: '192.0.2.1' };

function deepMerge(base: JsonObject, extra: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const b = out[k];
    out[k] = b !== null && typeof b === 'object' && !Array.isArray(b) && v !== null && typeof v === 'object' && !Array.isArray(v) ? deepMerge(b, v) : v;
  }
  return out;
}

/** Replaces every string value that is exactly a placeholder ("{orderId}", "{card.number}") by its value. */
export function fillPlaceholders(v: Json, values: Readonly<Record<string, string>>): Json {
  if (typeof v === 'string') return /^\{[A-Za-z.]+\}$/.test(v) && v.slice(1, -1) in values ? (values[v.slice(1, -1)] as string) : v;
  if (Array.isArray(v)) return v.map((x) => fillPlaceholders(x, values));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillPlaceholders(x, values)]));
  return v;
}

function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z.]+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name] as string) : whole));
}

async function send(target: SimulatorTarget, method: string, urlPath: string, body: string | undefined, password = target.apiPassword): Promise<Answer> {
  const res = await request(`${target.baseUrl}${urlPath}`, {
    dispatcher: target.agent,
    method: method as 'GET',
    headers: {
      authorization: 'Basic ' + Buffer.from(`merchant.${target.merchantId}:${password}`).toString('base64'),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.body.text();
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    parsed = text;
  }
  return { status: res.statusCode, body: parsed };
}

const refused = (a: Answer): boolean => a.status >= 400 || (a.body !== null && typeof a.body === 'object' && !Array.isArray(a.body) && a.body['result'] === 'ERROR');

/**
 * Replays one exchange on the simulator: its prerequisites with fresh ids, then the request at the
 * recorded version with the simulator's merchant, the same fresh ids and a test card of the same outcome.
 * `tag` makes the ids of this replay unique on a simulator that outlives it.
 */
export async function replayExchange(target: SimulatorTarget, e: CorpusExchange, tag: string): Promise<Replayed> {
  const card = testCardFor(e);
  const order = e.prerequisiteOrder ?? { amount: '10.00', currency: 'USD' };
  const ids: ReplayIds = { merchantId: target.merchantId, orderId: `CT-${tag}`, transactionId: `T-${tag}` };
  const v = (p: string) => `/api/rest/version/${e.version}/merchant/${encodeURIComponent(target.merchantId)}${p}`;
  const cardBody: JsonObject = { number: card.number, expiry: { month: card.month, year: card.year }, securityCode: card.securityCode };
  const orderPath = (txn: string) => v(`/order/${encodeURIComponent(ids.orderId)}/transaction/${encodeURIComponent(txn)}`);
  const payer = (): JsonObject => (ids.sessionId ? { session: { id: ids.sessionId } } : { sourceOfFunds: { type: 'CARD', provided: { card: cardBody } } });

  let step = 0;
  for (const p of e.prerequisites) {
    const { operation, body: extra = {} } = typeof p === 'string' ? { operation: p, body: {} } : p;
    step++;
    let method = 'PUT';
    let urlPath: string;
    let body: JsonObject;
    switch (operation) {
      case 'gateway.authorize':
      case 'gateway.pay': {
        const txn = `P${step}-${tag}`;
        urlPath = orderPath(txn);
        body = { apiOperation: operation === 'gateway.pay' ? 'PAY' : 'AUTHORIZE', order: { amount: order.amount, currency: order.currency }, ...payer() };
        ids.targetTransactionId = txn;
        break;
      }
      case 'gateway.createSession':
        method = 'POST';
        urlPath = v('/session');
        body = {};
        break;
      case 'gateway.updateSession':
        if (!ids.sessionId) throw new Error(`${e.id}: gateway.updateSession needs gateway.createSession before it`);
        urlPath = v(`/session/${encodeURIComponent(ids.sessionId)}`);
        body = { order: { amount: order.amount, currency: order.currency }, sourceOfFunds: { provided: { card: cardBody } } };
        break;
      case 'gateway.initiateAuthentication': {
        // Authenticate Payer continues Initiate Authentication's transaction; a payment after it takes a new one.
        const txn = e.operation === 'gateway.authenticatePayer' ? ids.transactionId : `A${step}-${tag}`;
        ids.authenticationTransactionId = txn;
        urlPath = orderPath(txn);
        body = {
          apiOperation: 'INITIATE_AUTHENTICATION',
          authentication: { acceptVersions: '3DS1,3DS2', channel: 'PAYER_BROWSER', purpose: 'PAYMENT_TRANSACTION' },
          order: { currency: order.currency },
          ...(ids.sessionId ? { session: { id: ids.sessionId } } : { sourceOfFunds: { provided: { card: { number: card.number } } } }),
        };
        break;
      }
      case 'gateway.authenticatePayer': {
        if (!ids.authenticationTransactionId) throw new Error(`${e.id}: gateway.authenticatePayer needs gateway.initiateAuthentication before it`);
        urlPath = orderPath(ids.authenticationTransactionId);
        body = { apiOperation: 'AUTHENTICATE_PAYER', authentication: { redirectResponseUrl: 'https://merchant.example/3ds-return' }, device: BROWSER, order: { amount: order.amount, currency: order.currency }, ...payer() };
        break;
      }
    }
    const answer = await send(target, method, urlPath, JSON.stringify(deepMerge(body, extra)));
    if (refused(answer)) throw new Error(`${e.id}: prerequisite ${operation} was refused (${answer.status}): ${JSON.stringify(answer.body)}`);
    if (operation === 'gateway.createSession') {
      const id = valuesAt(answer.body, ['session', 'id'])[0];
      if (typeof id !== 'string') throw new Error(`${e.id}: Create Session answered no session.id`);
      ids.sessionId = id;
    }
  }

  const values = placeholderValues(e, ids, card);
  const urlPath = fillPath(e.request.path, values);
  const body = e.request.rawBody ?? (e.request.body !== undefined ? JSON.stringify(fillPlaceholders(e.request.body, values)) : undefined);
  const answer = await send(target, e.request.method, urlPath, body, e.request.credentials === 'wrongPassword' ? `wrong-${target.apiPassword}` : target.apiPassword);
  return { answer, ids };
}

/** The placeholders a corpus request (and an explanation the real gateway wrote with its ids) may use. */
function placeholderValues(e: CorpusExchange, ids: ReplayIds, card?: Card): Record<string, string> {
  return {
    version: String(e.version),
    merchantId: ids.merchantId,
    orderId: ids.orderId,
    transactionId: ids.transactionId,
    ...(ids.sessionId ? { sessionId: ids.sessionId } : {}),
    ...(ids.targetTransactionId ? { targetTransactionId: ids.targetTransactionId } : {}),
    ...(ids.authenticationTransactionId ? { authenticationTransactionId: ids.authenticationTransactionId } : {}),
    ...(card ? { 'card.number': card.number, 'card.expiry.month': card.month, 'card.expiry.year': card.year, 'card.securityCode': card.securityCode } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Comparison
// ---------------------------------------------------------------------------------------------

export interface Comparison {
  id: string;
  operation: string;
  version: number;
  source: string;
  /** Status, and every `compare` path the real answer has, equal. */
  agrees: boolean;
  /** What differs among the compared values, one line each. */
  differences: string[];
  /** Real paths counted (not left out), and how many the simulator has with the same JSON type. */
  realPaths: number;
  present: number;
  missing: string[];
  typeDiffers: string[];
  /** Simulator paths counted, and those the real answer does not have. */
  simulatorPaths: number;
  extra: string[];
  knownGap?: string;
}

const POSITION = /\[character \d+ line \d+\]/g;

function normaliseExplanation(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(POSITION, '[character N line L]').replace(/\{([A-Za-z.]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function sameValue(path: string, real: Json, sim: Json | undefined, values: Readonly<Record<string, string>>): boolean {
  if (sim === undefined) return false;
  if (path === 'error.explanation' && typeof real === 'string' && typeof sim === 'string') return normaliseExplanation(real, values) === normaliseExplanation(sim, values);
  // Amounts: 100.2 and 100.20 are the same amount; a text amount is compared as its decimal, exactly.
  if (/[Aa]mount$/.test(path)) {
    const a = parseDecimal(typeof real === 'number' ? String(real) : real);
    const b = parseDecimal(typeof sim === 'number' ? String(sim) : sim);
    if (a !== undefined && b !== undefined) return compare(a, b) === 0;
  }
  return JSON.stringify(real) === JSON.stringify(sim);
}

const statusClass = (s: number) => Math.floor(s / 100);

/** Compares the simulator's answer with the recorded one by COMPARISON_RULES. */
export function compareExchange(e: CorpusExchange, replayed: Replayed): Comparison {
  const { answer, ids } = replayed;
  const values = placeholderValues(e, ids);
  const differences: string[] = [];
  const statusAgrees = e.response.statusInferred ? statusClass(answer.status) === statusClass(e.response.status) : answer.status === e.response.status;
  if (!statusAgrees) differences.push(`HTTP status: real ${e.response.status}${e.response.statusInferred ? ' (class compared)' : ''}, simulator ${answer.status}`);

  for (const rule of parsedRules.filter((r) => r.treatment === 'compare')) {
    const real = valuesAt(e.response.body, rule.segments);
    if (real.length === 0) continue;
    const sim = valuesAt(answer.body, rule.segments);
    const ok = real.length === sim.length && real.every((r, i) => sameValue(rule.path, r, sim[i], values));
    if (!ok) differences.push(`${rule.path}: real ${real.map((r) => JSON.stringify(r)).join(', ')}, simulator ${sim.length === 0 ? '(absent)' : sim.map((s) => JSON.stringify(s)).join(', ')}`);
  }

  const counts = (p: string) => treatmentOf(parsePath(p)) !== 'leftOut';
  const realLeaves = [...leafTypes(e.response.body)].filter(([p]) => counts(p));
  const simLeaves = new Map([...leafTypes(answer.body)].filter(([p]) => counts(p)));
  const missing: string[] = [];
  const typeDiffers: string[] = [];
  let present = 0;
  for (const [p, types] of realLeaves) {
    const simTypes = simLeaves.get(p);
    if (!simTypes) missing.push(p);
    else if ([...types].some((t) => simTypes.has(t))) present++;
    else typeDiffers.push(`${p}: real ${[...types].join('|')}, simulator ${[...simTypes].join('|')}`);
  }
  const cut = e.response.truncatedAfter ? parsePath(e.response.truncatedAfter) : undefined;
  const elided = (e.response.elidedInside ?? []).map(parsePath);
  const realSet = new Set(realLeaves.map(([p]) => p));
  const seenBySource = (p: string): boolean => {
    const segs = parsePath(p);
    if (cut && compareSegments(segs, cut) > 0) return false;
    return !elided.some((prefix) => prefix.every((s, i) => segs[i] === s) && segs.length > prefix.length);
  };
  const simCounted = [...simLeaves.keys()].filter(seenBySource);
  const extra = simCounted.filter((p) => !realSet.has(p));
  return {
    id: e.id,
    operation: e.operation,
    version: e.version,
    source: sourceLabel(e),
    agrees: differences.length === 0,
    differences,
    realPaths: realLeaves.length,
    present,
    missing,
    typeDiffers,
    simulatorPaths: simCounted.length,
    extra,
    ...(e.knownGap ? { knownGap: e.knownGap } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

export interface Figures {
  exchanges: number;
  agreeing: number;
  /** Real paths the simulator has (same type), over all real paths counted, pooled. */
  presentShare: number;
  /** Simulator paths the real answers do not have, over all simulator paths counted, pooled. */
  extraShare: number;
}

export function figuresOf(comparisons: readonly Comparison[]): Figures {
  const sum = (f: (c: Comparison) => number) => comparisons.reduce((s, c) => s + f(c), 0);
  const real = sum((c) => c.realPaths);
  const sim = sum((c) => c.simulatorPaths);
  return {
    exchanges: comparisons.length,
    agreeing: comparisons.filter((c) => c.agrees).length,
    presentShare: real === 0 ? 1 : sum((c) => c.present) / real,
    extraShare: sim === 0 ? 0 : sum((c) => c.extra.length) / sim,
  };
}

/** Figures per key (operation, version), keys sorted. */
export function figuresBy(comparisons: readonly Comparison[], key: (c: Comparison) => string): [string, Figures][] {
  const groups = new Map<string, Comparison[]>();
  for (const c of comparisons) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })).map(([k, cs]) => [k, figuresOf(cs)]);
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

/** The summary table: one row per exchange, then the totals. */
export function summaryTable(comparisons: readonly Comparison[]): string {
  const rows = comparisons.map((c) => [
    c.id,
    `v${c.version}`,
    c.knownGap ? 'known gap' : c.agrees ? 'agrees' : 'DIFFERS',
    `${pct(c.realPaths === 0 ? 1 : c.present / c.realPaths)} of ${c.realPaths}`,
    `${pct(c.simulatorPaths === 0 ? 0 : c.extra.length / c.simulatorPaths)} of ${c.simulatorPaths}`,
  ]);
  const all = figuresOf(comparisons);
  const header = ['exchange', 'version', 'verdict', 'real paths present', 'simulator paths extra'];
  const total = ['all', '', `${all.agreeing}/${all.exchanges} agree`, pct(all.presentShare), pct(all.extraShare)];
  const widths = header.map((h, i) => Math.max(h.length, ...[...rows, total].map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), ...rows.map(line), line(total)].join('\n');
}

export function percent(x: number): string {
  return pct(x);
}
