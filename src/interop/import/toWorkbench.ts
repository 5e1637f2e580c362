/**
 * Imported requests into workbench files: each detected request a request file or a flow step (a
 * group of two or more becomes a flow), ids chained between steps, an environment from the base URL
 * and merchant, secrets set aside (never in a file), and a report of what became what.
 */
import { validateBody } from '../../catalogue/validate';
import { orderRole, createsTransaction } from '../../catalogue/orderRole';
import { stripComments } from 'jsonc-parser';
import { KnownSecrets } from '../../http/knownSecrets';
import { redactBodyText } from '../../http/redact';
import { parseJsonBounded } from '../../json/depth';
import { isSecretHeader } from '../../redaction';
import type { SecretName } from '../../send/secretNames';
import { writeHttpFile } from '../export/httpFile';
import { expandTemplates, headerValue, looksSecret, slug, templateNames, type ImportedCollection, type PlainRequest, type RequestAuth, type Variable } from '../model';
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
  const usedAsSecret = secretUses(collection);
  for (const v of [...collection.variables, ...(envSource?.variables ?? [])]) variables.set(v.name, usedAsSecret.has(v.name) ? { ...v, secret: true } : v);
  const lookup = nestedLookup((name) => {
    const v = variables.get(name);
    return v && !v.secret && v.value !== '' ? v.value : undefined;
  });
  const environmentId = slug(envSource?.name ?? collection.name, 'imported');
  const environment: ImportedEnvironmentOut = { id: environmentId, name: envSource?.name ?? collection.name };
  const unmatched: PlainRequest[] = [];
  const usedNames = new Set<string>();
  const answered = new Set<string>();
  for (const group of collection.groups) {
    const steps: { step: Step; request: PlainRequest }[] = [];
    const chain = new Map<string, string>();
    const stepIds = new Set<string>();
    const earlier: EarlierStep[] = [];
    for (const request of group.requests) {
      const converted = convert(request, { lookup, variables, environment, chain, stepIds, earlier, answered, out, now });
      if (converted) steps.push({ step: converted.step, request: { ...request, name: converted.name } });
      else unmatched.push(request);
    }
    writeGroup(group.name, steps, environmentId, usedNames, out);
  }
  if (unmatched.length) {
    const name = uniqueName(`${slug(collection.name)}.unmatched.http`, usedNames);
    out.files.push({ name, text: writeHttpFile(unmatched.map((r) => withoutLiteralSecrets(r, out)), { variables: [...variables.values()].filter((v) => !v.secret) }) });
    for (const r of unmatched) out.rows.push({ from: r.source, became: `${name} (a plain HTTP request)` });
  }
  // Whatever a source held in clear (a secret variable's value, a password given in a request) is in no file, wherever it was written.
  const known = new KnownSecrets().add(...[...variables.values()].filter((v) => v.secret && v.value.length >= 4).map((v) => v.value), ...out.secrets.map((x) => x.value).filter((v) => v.length >= 4));
  if (known.size > 0) out.files = out.files.map((f) => ({ ...f, text: known.redact(f.text) }));
  if (environment.gatewayUrl || environment.financingBaseUrl || environment.merchantId) out.environments.push(environment);
  for (const v of variables.values()) {
    if (v.secret && !answered.has(v.name) && !out.secrets.some((s) => s.from.includes(`{{${v.name}}}`))) out.leftOut.push(`variable "${v.name}": a secret, kept out of every file${v.value ? '' : ' (it had no value)'}`);
  }
  return out;
}

/** A converted step of the same group, for what a later request takes from its answer. */
interface EarlierStep {
  id: string;
  operation: string;
  /** The source's name for the request (a .http `# @name`), which its own references use. */
  requestName: string;
}

interface Context {
  lookup: (name: string) => string | undefined;
  earlier: EarlierStep[];
  /** Variables that became references to an earlier answer (a card token is then no secret to keep out). */
  answered: Set<string>;
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
  const body = bodyText === undefined || bodyText.trim() === '' ? undefined : parseBody(bodyText, request.source, c.out);
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
    // A body that refers to earlier answers is checked when the flow sends it, with the values in place.
    if (bodyText?.includes('{{')) c.out.checks.push(`${request.source}: checked when the flow runs (its body refers to earlier steps)`);
    else for (const issue of validateBody(d.op.id, d.version, body, c.now)) c.out.checks.push(`${request.source}: ${issue.severity}: ${issue.message}`);
  }
  c.earlier.push({ id, operation: d.op.id, requestName: request.name });
  // A name the importer made up from the method and path says less than the operation's title.
  return { step, name: /^[A-Z]+ \//.test(request.name) ? d.op.title : request.name };
}

function expandBody(request: PlainRequest, c: Context): string {
  return expandTemplates(request.body ?? '', (name) => {
    const fromAnswer = answerReference(name, c);
    if (fromAnswer) {
      c.out.leftOut.push(`${request.source}: {{${name}}} became ${fromAnswer} (the earlier answer that sets it)`);
      return fromAnswer;
    }
    const fresh = freshValue(name);
    if (fresh) {
      c.out.leftOut.push(`${request.source}: {{${name}}} became ${fresh}, a fresh value on every run`);
      return fresh;
    }
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

/** JSON, or JSON with comments (Postman allows them in a raw body): the comments are dropped, with a note. */
function parseBody(text: string, source: string, out: ImportOutcome): unknown {
  try {
    return parseJsonBounded(text, { where: 'The body' });
  } catch {
    const uncommented = stripComments(text);
    if (uncommented === text) return false;
    try {
      const value = parseJsonBounded(uncommented, { where: 'The body' });
      out.leftOut.push(`${source}: the comments in its body were left out (JSON has none)`);
      return value;
    } catch {
      return false;
    }
  }
}

/**
 * A value an earlier request's answer sets, as a Postman test script or a REST Client request
 * variable does (`{{SessionId}}`, `{{Token}}`, `{{createSession.response.body.session.id}}`): the
 * reference to that step's response; undefined when no earlier step of the group gives it. A variable
 * that became one is noted in `answered`, wherever it was used (a body, a path parameter).
 */
function answerReference(name: string, c: Context): string | undefined {
  const reference = earlierAnswer(name, c);
  if (reference) c.answered.add(name);
  return reference;
}

function earlierAnswer(name: string, c: Context): string | undefined {
  const restClient = /^([A-Za-z_][\w-]{0,63})\.response\.body\.(.{1,200})$/.exec(name);
  if (restClient) {
    const step = c.earlier.find((e) => e.requestName === restClient[1] || e.id === restClient[1]);
    return step ? `{{${step.id}.response.${restClient[2] ?? ''}}}` : undefined;
  }
  const produced = PRODUCED_BY_ANSWER[name.toLowerCase().replace(/[^a-z]/g, '')];
  if (!produced) return undefined;
  const step = [...c.earlier].reverse().find((e) => produced.operations.includes(e.operation));
  return step ? `{{${step.id}.response.${produced.path}}}` : undefined;
}

/** Ids a payment collection carries from one answer to the next, by the variable names collections give them. */
const PRODUCED_BY_ANSWER: Readonly<Record<string, { operations: readonly string[]; path: string }>> = {
  sessionid: { operations: ['gateway.createSession', 'gateway.initiateCheckout'], path: 'session.id' },
  session: { operations: ['gateway.createSession', 'gateway.initiateCheckout'], path: 'session.id' },
  token: { operations: ['gateway.createToken', 'gateway.updateToken'], path: 'token' },
  tokenid: { operations: ['gateway.createToken', 'gateway.updateToken'], path: 'token' },
  cardtoken: { operations: ['gateway.createToken', 'gateway.updateToken'], path: 'token' },
  successindicator: { operations: ['gateway.initiateCheckout'], path: 'successIndicator' },
};

/** Postman's and REST Client's dynamic variables ({{$guid}}, {{$timestamp}}…): a fresh value per run. */
function freshValue(name: string): string | undefined {
  const dynamic = /^\$(guid|randomUUID|uuid|timestamp|isoTimestamp|randomInt|datetime)\b/.exec(name);
  return dynamic ? `{{fresh.orderId.${dynamic[1] ?? 'guid'}}}` : undefined;
}

/** Variables whose values are built from others (`@base = {{host}}/api`): expanded a few levels deep, so a cycle ends. */
function nestedLookup(lookup: (name: string) => string | undefined, depth = 0): (name: string) => string | undefined {
  return (name) => {
    const value = lookup(name);
    return value === undefined || depth >= MAX_VARIABLE_NESTING ? value : expandTemplates(value, nestedLookup(lookup, depth + 1));
  };
}

const MAX_VARIABLE_NESTING = 8;

/** Names of the variables a source uses where a credential goes: its auth, an Authorization or other secret header. */
function secretUses(collection: ImportedCollection): Set<string> {
  const names = new Set<string>();
  for (const group of collection.groups) {
    for (const r of group.requests) {
      const places = [
        ...(r.auth?.kind === 'basic' ? [r.auth.password, ...(merchantOfUser(r.auth.user) !== undefined ? [] : [r.auth.user])] : r.auth ? [r.auth.token] : []),
        ...r.headers.filter((h) => h.name.toLowerCase() === 'authorization' || carriesCredential(h.name)).map((h) => h.value),
      ];
      for (const place of places) for (const name of templateNames(place)) names.add(name);
    }
  }
  return names;
}

function setEnvironment(d: DetectedOperation, request: PlainRequest, c: Context): void {
  const env = c.environment;
  const key = d.op.api === 'gateway' ? 'gatewayUrl' : 'financingBaseUrl';
  if (/^https?:\/\/[^{}<>\s]+$/.test(d.baseUrl)) {
    if (env[key] === undefined) env[key] = d.baseUrl;
    else if (env[key] !== d.baseUrl) c.out.leftOut.push(`${request.source}: its base URL ${d.baseUrl} differs from the environment's ${env[key]}; the environment's is used`);
  } else c.out.leftOut.push(`${request.source}: the base URL ${JSON.stringify(d.baseUrl)} has no known value; set it in the environment`);
  const merchant = d.params['merchantId'];
  if (merchant !== undefined && /^[A-Za-z0-9_-]{1,40}$/.test(merchant)) env.merchantId ??= merchant;
}

function takeSecrets(request: PlainRequest, d: DetectedOperation, c: Context): void {
  // The header may be built from a variable ("Basic {{basicAuth}}"): read it with every value the source gives, secret ones too.
  const header = headerValue(request, 'authorization');
  const auth = request.auth ?? authFromHeader(header === undefined ? undefined : expandTemplates(header, (name) => c.variables.get(name)?.value || undefined));
  if (!auth) {
    if (header !== undefined) c.out.leftOut.push(`${request.source}: its Authorization header could not be read (${header.split(/\s/)[0] ?? ''} …, built by the shell or a script?); store the environment's gateway API password yourself`);
    return;
  }
  if (auth.kind === 'bearer') {
    c.out.leftOut.push(`${request.source}: its bearer token is not kept; a financing run signs in with the partner e-mail and password of the environment`);
    return;
  }
  if (d.op.api !== 'gateway') return;
  if (!c.out.secrets.some((s) => s.environmentId === c.environment.id && s.name === 'gatewayApiPassword')) {
    const named = templateNames(auth.password)[0];
    const shellVariable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(auth.password)?.[1];
    const value = named !== undefined ? (c.variables.get(named)?.value ?? '') : shellVariable !== undefined || isPlaceholder(auth.password) ? '' : auth.password;
    const from = named !== undefined ? `{{${named}}} (${request.source})` : shellVariable !== undefined ? `the shell variable ${shellVariable} (${request.source})` : `the password given in ${request.source}`;
    c.out.secrets.push({ environmentId: c.environment.id, name: 'gatewayApiPassword', value, from });
  }
  const user = expandTemplates(auth.user, c.lookup);
  const merchant = merchantOfUser(user);
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
      if (orderRole(d.op.id) !== 'initial' && !hasNoValue(orderId)) params['orderId'] = orderId;
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
      else if (!hasNoValue(transactionId)) params['transactionId'] = transactionId;
    }
  }
  for (const name of ['sessionId', 'tokenId'] as const) {
    const value = d.params[name];
    if (value === undefined) continue;
    const template = templateNames(value);
    const fromAnswer = template.length === 1 && value === `{{${template[0] ?? ''}}}` ? answerReference(template[0] ?? '', c) : undefined;
    if (fromAnswer) params[name] = fromAnswer;
    else if (!hasNoValue(value)) params[name] = value;
    else c.out.leftOut.push(`${source}: ${name} ${value} has no value and no earlier step gives it; set it in the flow`);
  }
  return params;
}

/** A header other than Authorization that carries a credential (x-api-key, a name like a password or token). */
function carriesCredential(headerName: string): boolean {
  return isSecretHeader(headerName) || looksSecret(headerName);
}

/** The merchant of a gateway Basic user ("merchant.TESTM01" → "TESTM01"); undefined for any other user (an API key). */
function merchantOfUser(user: string): string | undefined {
  return /^merchant\.(.+)$/.exec(user)?.[1];
}

/** Documentation's placeholders ("<your_api_password>", "<order_id>") are no values. */
function isPlaceholder(value: string): boolean {
  return /^<[^<>]{1,80}>$/.test(value.trim());
}

/** A template left unexpanded or a placeholder: the source gives no value. */
function hasNoValue(value: string): boolean {
  return value.includes('{{') || isPlaceholder(value);
}

function stepId(name: string, used: Set<string>): string {
  const words = name.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter(Boolean);
  const only = words.length === 1 ? (words[0] ?? '') : undefined;
  let base = only !== undefined && /^[A-Za-z][A-Za-z0-9]*$/.test(only) ? (only === only.toUpperCase() ? only.toLowerCase() : `${only[0]?.toLowerCase() ?? ''}${only.slice(1)}`) : words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase())).join('').slice(0, 40);
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

/**
 * A plain request written as .http: a credential given in clear (password, API key header, a user
 * name that is a key) becomes a variable the file does not define, and secret values in the body are
 * redacted by the one policy (`apiPassword=…` in a form body, `"password": …` in JSON).
 */
function withoutLiteralSecrets(r: PlainRequest, out: ImportOutcome): PlainRequest {
  const asTemplate = (value: string, name: string) => (templateNames(value).length ? value : `{{${name}}}`);
  const headers = r.headers
    .filter((h) => h.name.toLowerCase() !== 'authorization')
    .map((h) => (carriesCredential(h.name) ? { ...h, value: asTemplate(h.value, h.name.toLowerCase().replace(/[^a-z0-9]+/g, '_')) } : h));
  const body = r.body === undefined ? undefined : redactBodyText(r.body);
  if (body !== r.body) out.leftOut.push(`${r.source}: secret values in its body were written as <redacted> in the plain request; put yours back before sending it`);
  const withBody = { ...r, headers, ...(body !== undefined ? { body } : {}) };
  if (!r.auth) return withBody;
  const auth: RequestAuth = r.auth.kind === 'basic'
    ? { ...r.auth, user: r.auth.user === '' || merchantOfUser(r.auth.user) !== undefined ? r.auth.user : asTemplate(r.auth.user, 'user'), password: asTemplate(r.auth.password, 'password') }
    : { ...r.auth, token: asTemplate(r.auth.token, 'token') };
  return { ...withBody, auth };
}
