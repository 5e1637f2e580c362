/**
 * Imported requests into workbench files: each detected request a request file or a flow step (a
 * group of two or more becomes a flow), ids chained between steps, an environment from the base URL
 * and merchant, secrets set aside (never in a file), and a report of what became what.
 */
import { validateBody } from '../../catalogue/validate';
import { orderRole, createsTransaction } from '../../catalogue/orderRole';
import { parseJsonBounded } from '../../json/depth';
import type { SecretName } from '../../send/secretNames';
import { writeHttpFile } from '../export/httpFile';
import { expandTemplates, headerValue, slug, templateNames, type ImportedCollection, type PlainRequest, type RequestAuth, type Variable } from '../model';
import { detectOperation, type DetectedOperation } from './detect';

export interface SecretToStore {
  environmentId: string;
  name: SecretName;
  /** Empty when the source names the secret without its value (a Postman variable left blank). */
  value: string;
  from: string;
}

export interface WrittenFile {
  /** Relative to the output folder. */
  name: string;
  text: string;
}

export interface ImportedEnvironmentOut {
  id: string;
  name: string;
  gatewayUrl?: string;
  financingBaseUrl?: string;
  merchantId?: string;
}

export interface ImportOutcome {
  files: WrittenFile[];
  environments: ImportedEnvironmentOut[];
  /** For the adapter to store (VS Code SecretStorage) or to name (the CLI's variables); never written. */
  secrets: SecretToStore[];
  rows: { from: string; became: string }[];
  leftOut: string[];
  checks: string[];
}

interface Step {
  id: string;
  operation: string;
  version?: number;
  params?: Record<string, string>;
  body?: unknown;
}

const IGNORED_HEADERS = new Set(['content-type', 'accept', 'authorization', 'user-agent', 'content-length', 'host', 'refreshtoken']);
const RESERVED_STEP_IDS = new Set(['fresh', 'env', 'inbox']);

export function toWorkbench(collection: ImportedCollection, now: Date = new Date()): ImportOutcome {
  const out: ImportOutcome = { files: [], environments: [], secrets: [], rows: [], leftOut: [...collection.notes], checks: [] };
  const envSource = collection.environments[0];
  const variables = new Map<string, Variable>();
  for (const v of [...collection.variables, ...(envSource?.variables ?? [])]) variables.set(v.name, v);
  const lookup = (name: string) => {
    const v = variables.get(name);
    return v && !v.secret && v.value !== '' ? v.value : undefined;
  };
  const environmentId = slug(envSource?.name ?? collection.name, 'imported');
  const environment: ImportedEnvironmentOut = { id: environmentId, name: envSource?.name ?? collection.name };
  const unmatched: PlainRequest[] = [];
  const usedNames = new Set<string>();
  for (const group of collection.groups) {
    const steps: { step: Step; request: PlainRequest }[] = [];
    const chain = new Map<string, string>();
    const stepIds = new Set<string>();
    for (const request of group.requests) {
      const converted = convert(request, { lookup, variables, environment, chain, stepIds, out, now });
      if (converted) steps.push({ step: converted.step, request: { ...request, name: converted.name } });
      else unmatched.push(request);
    }
    writeGroup(group.name, steps, environmentId, usedNames, out);
  }
  if (unmatched.length) {
    const name = uniqueName(`${slug(collection.name)}.unmatched.http`, usedNames);
    out.files.push({ name, text: writeHttpFile(unmatched.map(withoutLiteralSecrets), { variables: [...variables.values()].filter((v) => !v.secret) }) });
    for (const r of unmatched) out.rows.push({ from: r.source, became: `${name} (a plain HTTP request)` });
  }
  if (environment.gatewayUrl || environment.financingBaseUrl || environment.merchantId) out.environments.push(environment);
  for (const v of variables.values()) {
    if (v.secret && !out.secrets.some((s) => s.from.includes(`{{${v.name}}}`))) out.leftOut.push(`variable "${v.name}": a secret, kept out of every file${v.value ? '' : ' (it had no value)'}`);
  }
  return out;
}

interface Context {
  lookup: (name: string) => string | undefined;
  variables: Map<string, Variable>;
  environment: ImportedEnvironmentOut;
  /** The raw order id (or transaction id) text of a group → the step that first used it. */
  chain: Map<string, string>;
  stepIds: Set<string>;
  out: ImportOutcome;
  now: Date;
}

function convert(request: PlainRequest, c: Context): { step: Step; name: string } | undefined {
  const url = expandTemplates(request.url, c.lookup);
  const bodyText = request.body === undefined ? undefined : expandBody(request, c);
  const body = bodyText === undefined || bodyText.trim() === '' ? undefined : parseBody(bodyText);
  if (body === false) {
    c.out.leftOut.push(`${request.source}: kept as a plain HTTP request: its body is not JSON`);
    return undefined;
  }
  const apiOperation = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)['apiOperation'] : undefined;
  const detection = detectOperation(request.method, url, typeof apiOperation === 'string' ? apiOperation : undefined);
  if (!detection.ok) {
    c.out.leftOut.push(`${request.source}: kept as a plain HTTP request: ${detection.why}`);
    return undefined;
  }
  const d = detection.detected;
  setEnvironment(d, request, c);
  takeSecrets(request, d, c);
  for (const h of request.headers) if (!IGNORED_HEADERS.has(h.name.toLowerCase())) c.out.leftOut.push(`${request.source}: header ${h.name} left out: a request file has no headers (the workbench sends Content-Type, Accept and the authentication itself)`);
  const id = stepId(/^[A-Z]+ \//.test(request.name) ? d.op.title : request.name, c.stepIds);
  const step: Step = { id, operation: d.op.id, ...(d.version !== undefined ? { version: d.version } : {}) };
  const params = chainParams(d, id, request.source, c);
  if (Object.keys(params).length) step.params = params;
  if (body !== undefined && d.op.hasBody) {
    step.body = body;
    for (const issue of validateBody(d.op.id, d.version, body, c.now)) c.out.checks.push(`${request.source}: ${issue.severity}: ${issue.message}`);
  }
  // A name the importer made up from the method and path says less than the operation's title.
  return { step, name: /^[A-Z]+ \//.test(request.name) ? d.op.title : request.name };
}

function expandBody(request: PlainRequest, c: Context): string {
  return expandTemplates(request.body ?? '', (name) => {
    const known = c.lookup(name);
    // An id an earlier step set (its fresh order or transaction id) is read from that step's params.
    const value = known ?? `{{${name}}}`;
    const order = c.chain.get(`order:${value}`);
    const transaction = c.chain.get(`transaction:${value}`);
    if (transaction) return `{{${transaction}.params.transactionId}}`;
    if (order) return `{{${order}.params.orderId}}`;
    if (known !== undefined) return known;
    const variable = c.variables.get(name);
    c.out.leftOut.push(`${request.source}: {{${name}}} in the body ${variable?.secret ? 'is a secret and' : 'has no value and'} was left empty`);
    return '';
  });
}

function parseBody(text: string): unknown {
  try {
    return parseJsonBounded(text, { where: 'The body' });
  } catch {
    return false;
  }
}

function setEnvironment(d: DetectedOperation, request: PlainRequest, c: Context): void {
  const env = c.environment;
  const key = d.op.api === 'gateway' ? 'gatewayUrl' : 'financingBaseUrl';
  if (/^https?:\/\/[^{}\s]+$/.test(d.baseUrl)) {
    if (env[key] === undefined) env[key] = d.baseUrl;
    else if (env[key] !== d.baseUrl) c.out.leftOut.push(`${request.source}: its base URL ${d.baseUrl} differs from the environment's ${env[key]}; the environment's is used`);
  } else c.out.leftOut.push(`${request.source}: the base URL ${JSON.stringify(d.baseUrl)} has no known value; set it in the environment`);
  const merchant = d.params['merchantId'];
  if (merchant !== undefined && /^[A-Za-z0-9_-]{1,40}$/.test(merchant)) env.merchantId ??= merchant;
}

function takeSecrets(request: PlainRequest, d: DetectedOperation, c: Context): void {
  const auth = request.auth ?? authFromHeader(headerValue(request, 'authorization'));
  if (!auth) return;
  if (auth.kind === 'bearer') {
    c.out.leftOut.push(`${request.source}: its bearer token is not kept; a financing run signs in with the partner e-mail and password of the environment`);
    return;
  }
  if (d.op.api !== 'gateway') return;
  if (!c.out.secrets.some((s) => s.environmentId === c.environment.id && s.name === 'gatewayApiPassword')) {
    const named = templateNames(auth.password)[0];
    const shellVariable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(auth.password)?.[1];
    const value = named !== undefined ? (c.variables.get(named)?.value ?? '') : shellVariable !== undefined ? '' : auth.password;
    const from = named !== undefined ? `{{${named}}} (${request.source})` : shellVariable !== undefined ? `the shell variable ${shellVariable} (${request.source})` : `the password given in ${request.source}`;
    c.out.secrets.push({ environmentId: c.environment.id, name: 'gatewayApiPassword', value, from });
  }
  const user = expandTemplates(auth.user, c.lookup);
  const merchant = /^merchant\.(.+)$/.exec(user)?.[1];
  if (merchant && /^[A-Za-z0-9_-]{1,40}$/.test(merchant)) c.environment.merchantId ??= merchant;
}

function authFromHeader(value: string | undefined): RequestAuth | undefined {
  const basic = value && /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(value.trim());
  if (!basic) return value && /^Bearer\s/i.test(value) ? { kind: 'bearer', token: value.slice(7) } : undefined;
  const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { kind: 'basic', user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** An order's first step gets a fresh id per run (a rerun would find the order already there); later steps refer to it. */
function chainParams(d: DetectedOperation, id: string, source: string, c: Context): Record<string, string> {
  const params: Record<string, string> = {};
  const orderId = d.params['orderId'];
  if (orderId !== undefined) {
    const first = c.chain.get(`order:${orderId}`);
    if (first) params['orderId'] = `{{${first}.params.orderId}}`;
    else {
      c.chain.set(`order:${orderId}`, id);
      if (orderRole(d.op.id) !== 'initial' && !orderId.includes('{{')) params['orderId'] = orderId;
      else if (orderRole(d.op.id) === 'initial') c.out.leftOut.push(`${source}: order id ${orderId} became a fresh id on every run (a second run would find the order there)`);
      else c.out.leftOut.push(`${source}: order id ${orderId} has no value; a fresh id is used`);
    }
  }
  const transactionId = d.params['transactionId'];
  if (transactionId !== undefined) {
    if (createsTransaction(d.op.id)) c.chain.set(`transaction:${transactionId}`, id);
    else {
      const first = c.chain.get(`transaction:${transactionId}`);
      if (first) params['transactionId'] = `{{${first}.params.transactionId}}`;
      else if (!transactionId.includes('{{')) params['transactionId'] = transactionId;
    }
  }
  const sessionId = d.params['sessionId'];
  if (sessionId !== undefined && !sessionId.includes('{{')) params['sessionId'] = sessionId;
  return params;
}

function stepId(name: string, used: Set<string>): string {
  const words = name.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  let base = words.length === 1 && /^[A-Za-z][A-Za-z0-9]*$/.test(words[0] ?? '') ? `${words[0]?.[0]?.toLowerCase() ?? ''}${words[0]?.slice(1) ?? ''}` : words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase())).join('').slice(0, 40);
  if (!/^[A-Za-z]/.test(base) || RESERVED_STEP_IDS.has(base)) base = `step${base}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}${n}`;
  used.add(id);
  return id;
}

function uniqueName(name: string, used: Set<string>): string {
  const dot = name.indexOf('.');
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
  used.add(candidate);
  return candidate;
}

function writeGroup(name: string, steps: { step: Step; request: PlainRequest }[], environmentId: string, used: Set<string>, out: ImportOutcome): void {
  if (steps.length === 0) return;
  if (steps.length === 1) {
    const { step, request } = steps[0] as { step: Step; request: PlainRequest };
    const { id: _id, ...file } = step;
    const fileName = uniqueName(`${slug(request.name)}.payreq.json`, used);
    out.files.push({ name: fileName, text: `${JSON.stringify(file, null, 2)}\n` });
    out.rows.push({ from: request.source, became: `${fileName} (${step.operation}${step.version !== undefined ? ` v${step.version}` : ''})` });
    return;
  }
  const fileName = uniqueName(`${slug(name, 'flow')}.payflow.json`, used);
  out.files.push({ name: fileName, text: `${JSON.stringify({ name, environment: environmentId, steps: steps.map((s) => s.step) }, null, 2)}\n` });
  for (const s of steps) out.rows.push({ from: s.request.source, became: `${fileName}, step ${s.step.id} (${s.step.operation}${s.step.version !== undefined ? ` v${s.step.version}` : ''})` });
}

/** A plain request written as .http: a password given in clear becomes a variable the file does not define. */
function withoutLiteralSecrets(r: PlainRequest): PlainRequest {
  const headers = r.headers.filter((h) => h.name.toLowerCase() !== 'authorization');
  if (!r.auth) return { ...r, headers };
  const auth: RequestAuth = r.auth.kind === 'basic'
    ? { ...r.auth, password: templateNames(r.auth.password).length ? r.auth.password : '{{password}}' }
    : { ...r.auth, token: templateNames(r.auth.token).length ? r.auth.token : '{{token}}' };
  return { ...r, headers, auth };
}
