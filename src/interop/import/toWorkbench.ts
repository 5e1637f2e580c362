/**
 * Imported requests into workbench files: each detected request a request file or a flow step (a
 * group of two or more becomes a flow), ids chained between steps, an environment from where the
 * requests go, secrets set aside (never in a file, never printed), and a report of what became what.
 */
import { validateBody } from '../../catalogue/validate';
import { orderRole, createsTransaction } from '../../catalogue/orderRole';
import { stripComments } from 'jsonc-parser';
import { MAX_STEPS } from '../../flows/flow';
import { MAX_INPUT_FILE_BYTES } from '../../json/fileText';
import { parseJsonBounded } from '../../json/depth';
import { redactText } from '../../redaction';
import type { SecretName } from '../../credentials/secretNames';
import { headerValue, slug, templateNames, uniqueName, type ImportedCollection, type PlainRequest, type RequestAuth, type RequestGroup, type Variable } from '../model';
import { carriesCredential, FoundSecrets, merchantOfUser, secretQueryParameters, splitUserinfo, withoutCredentialFields, type SecretKeptOut } from './credentials';
import { detectOperation, type DetectedOperation } from './detect';
import { chooseEnvironment, type EnvironmentChoice, type EnvironmentLike, type EnvironmentPlace } from './environmentChoice';
import { writeUnmatched, type WrittenFile } from './plainRequests';
import { MAX_NAME_CHARS, nameLine, oneLine, sanitized } from './requestLines';
import { ExpansionBudget, VariableValues } from './variables';

export type { SecretKeptOut } from './credentials';
export type { EnvironmentLike } from './environmentChoice';

export interface SecretToStore {
  environmentId: string;
  name: SecretName;
  /** Empty when the source names the secret without its value (a Postman variable left blank). */
  value: string;
  from: string;
}

export type { WrittenFile } from './plainRequests';

export interface ImportedEnvironmentOut {
  id: string;
  name: string;
  gatewayUrl?: string;
  financingBaseUrl?: string;
  merchantId?: string;
}

export interface ImportRow {
  from: string;
  became: string;
  /** The file `became` starts with, when it names one: renamed with it when the adapter places the files. */
  file?: string;
}

export interface ImportOutcome {
  files: WrittenFile[];
  /** The environments the written files name (never a built-in one): for the environments file, and VS Code's store. */
  environments: ImportedEnvironmentOut[];
  /** For the adapter to store (VS Code SecretStorage) or to name (the CLI's variables); never written. */
  secrets: SecretToStore[];
  /** Secrets the source held that the workbench keeps nowhere: listed by name in the report, in no file. */
  keptOut: SecretKeptOut[];
  rows: ImportRow[];
  leftOut: string[];
  checks: string[];
  /** The built-in environment (the local simulator) the written flows name, when the requests go there. */
  builtInEnvironment?: string;
}

/** What the adapter knows before an import: the environments already there, the names already given. */
export interface ImportContext {
  now: Date;
  /** The output folder's environments file, VS Code's store, the collections imported before this one. */
  existing: readonly EnvironmentLike[];
  /** File names (lower case) already given in this import: every name is distinct, whatever the file system's case. */
  usedNames: Set<string>;
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
const SECRET_LABEL: Readonly<Record<SecretName, string>> = {
  gatewayApiPassword: 'The gateway API password',
  partnerEmail: 'The financing partner e-mail',
  partnerPassword: 'The financing partner password',
  certificatePassphrase: 'The certificate passphrase',
  financingTokens: 'The financing tokens',
};

export function secretLabel(name: SecretName): string {
  return SECRET_LABEL[name];
}

export function toWorkbench(collection: ImportedCollection, context: ImportContext): ImportOutcome {
  const out: ImportOutcome = { files: [], environments: [], secrets: [], keptOut: [], rows: [], leftOut: [...collection.notes], checks: [] };
  const found = new FoundSecrets();
  for (const k of collection.keptOut ?? []) found.keep(k.what, k.from, k.value);
  const groups = collection.groups.flatMap((g) => partsOf({ name: nameLine(g.name, MAX_NAME_CHARS) || nameLine(collection.name, MAX_NAME_CHARS) || 'Imported requests', requests: g.requests.flatMap((r) => sanitized(r, out.leftOut, found)) }));
  const envSource = collection.environments[0];
  const variables = new Map<string, Variable>();
  const usedAsSecret = secretUses(groups);
  for (const v of [...collection.variables, ...(envSource?.variables ?? [])]) variables.set(v.name, usedAsSecret.has(v.name) ? { ...v, secret: true } : v);
  noteSecretsInVariables(variables, collection.source, found);
  const budget = new ExpansionBudget();
  const values = new VariableValues((name) => {
    const v = variables.get(name);
    return v && !v.secret && v.value !== '' ? v.value : undefined;
  }, collection.source, budget);
  const allValues = new VariableValues((name) => variables.get(name)?.value || undefined, collection.source, budget);
  const place: EnvironmentPlace = {};
  const unmatched: PlainRequest[] = [];
  const answered = new Set<string>();
  const converted: { name: string; steps: { step: Step; request: PlainRequest }[] }[] = [];
  for (const group of groups) {
    const steps: { step: Step; request: PlainRequest }[] = [];
    const c: Context = { values, allValues, variables, place, chain: new Map(), stepIds: new Set(), earlier: [], answered, out, found, now: context.now };
    for (const request of group.requests) {
      const result = convert(request, c);
      if (result === 'absorbed') continue;
      if (result) steps.push({ step: result.step, request: { ...request, name: result.name } });
      else unmatched.push(request);
    }
    converted.push({ name: group.name, steps });
  }
  const choice = chooseEnvironment(place, envSource?.name, context.existing);
  const environmentId = choice.kind === 'none' ? undefined : choice.id;
  if (choice.kind === 'own') out.environments.push({ id: choice.id, name: choice.name, ...place });
  if (choice.kind === 'builtIn') {
    out.builtInEnvironment = choice.id;
    out.leftOut.push(`${collection.source}: the requests go to the local simulator (${place.gatewayUrl ?? place.financingBaseUrl ?? ''}): they run on the built-in environment ${choice.id}, with the simulator's own test credentials`);
  }
  if (choice.kind === 'none' && converted.some((g) => g.steps.length > 0)) out.leftOut.push(`${collection.source}: no request names a base URL or merchant the import can read: no environment was made; run the files with --env (or choose the environment in VS Code)`);
  settleSecrets(out, choice, found);
  for (const group of converted) writeGroup(group.name, group.steps, choice.kind === 'none' ? undefined : environmentId, context.usedNames, out);
  if (unmatched.length) {
    const plain = writeUnmatched(unmatched, collection.name, variables, context.usedNames, found);
    out.files.push(plain.file, ...plain.bodyFiles);
    out.leftOut.push(...plain.notes);
    for (const r of unmatched) out.rows.push({ from: r.source, file: plain.file.name, became: `${plain.file.name} (a plain HTTP request)` });
  }
  for (const v of variables.values()) {
    if (v.secret && !answered.has(v.name) && !out.secrets.some((s) => s.from.includes(`{{${v.name}}}`))) found.keep(`variable "${nameLine(v.name, 100)}"${v.value ? '' : ' (it had no value)'}`, collection.source, v.value);
  }
  // Whatever a source held in clear (a secret variable's value, a password given in a request) is in no file and no line of the report.
  const known = found.values.add(...out.secrets.map((x) => x.value).filter((v) => v.length >= 4));
  if (known.size > 0) out.files = out.files.map((f) => ({ ...f, text: known.redact(f.text) }));
  const scrub = (line: string) => redactText(line, known.size > 0 ? known : undefined);
  out.keptOut = found.keptOut.map((k) => ({ what: scrub(k.what), from: scrub(k.from) }));
  out.rows = out.rows.map((r) => ({ ...r, from: scrub(r.from), became: scrub(r.became) }));
  out.leftOut = out.leftOut.map(scrub);
  out.checks = out.checks.map(scrub);
  for (const s of out.secrets) s.from = scrub(s.from);
  return out;
}

/** A group of more than a flow's MAX_STEPS requests, as consecutive groups that each fit a flow file. */
function partsOf(group: RequestGroup): RequestGroup[] {
  if (group.requests.length <= MAX_STEPS) return [group];
  const parts: RequestGroup[] = [];
  const count = Math.ceil(group.requests.length / MAX_STEPS);
  for (let i = 0; i < count; i++) parts.push({ name: `${group.name} (${i + 1} of ${count})`, requests: group.requests.slice(i * MAX_STEPS, (i + 1) * MAX_STEPS) });
  return parts;
}

/** Secret variables' values, and credentials inside the other variables' values (a URL's password, an api_key in its query). */
function noteSecretsInVariables(variables: ReadonlyMap<string, Variable>, source: string, found: FoundSecrets): void {
  for (const v of variables.values()) {
    if (v.secret) {
      found.value(v.value);
      continue;
    }
    const password = splitUserinfo(v.value).auth?.password;
    if (password) found.keep(`the password in the URL of variable "${v.name}"`, source, password);
    for (const q of secretQueryParameters(v.value)) if (q.value) found.keep(`query parameter "${q.name}" in variable "${v.name}"`, source, q.value);
  }
}

/** A converted step of the same group, for what a later request takes from its answer. */
interface EarlierStep {
  id: string;
  operation: string;
  /** The source's name for the request (a .http `# @name`), which its own references use. */
  requestName: string;
}

interface Context {
  /** The variables' values, secrets left out: what a written file may hold. */
  values: VariableValues;
  /** Every variable's value, secrets too: read for the credentials that go to secret storage, never written. */
  allValues: VariableValues;
  earlier: EarlierStep[];
  /** Variables that became references to an earlier answer (a card token is then no secret to keep out). */
  answered: Set<string>;
  variables: Map<string, Variable>;
  /** Where the requests go: the environment is made from it once every request is read. */
  place: EnvironmentPlace;
  /** The raw order id (or transaction id) text of a group → the step that first used it. */
  chain: Map<string, string>;
  stepIds: Set<string>;
  out: ImportOutcome;
  found: FoundSecrets;
  now: Date;
}

function convert(request: PlainRequest, c: Context): { step: Step; name: string } | 'absorbed' | undefined {
  const split = splitUserinfo(c.values.expand(request.url, `${request.source}: its URL`));
  const url = split.url;
  const withAuth = request.auth || !split.auth ? request : { ...request, auth: split.auth };
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
  setPlace(d, request, c);
  for (const q of secretQueryParameters(url)) c.found.keep(`query parameter "${q.name}"`, request.source, q.value);
  if (d.op.id === 'financing.login') {
    takeLoginSecrets(request, body, c);
    return 'absorbed';
  }
  takeSecrets(withAuth, d, c);
  for (const h of request.headers) {
    const lower = h.name.toLowerCase();
    if (lower !== 'authorization' && carriesCredential(h.name)) c.found.keep(`header ${h.name}`, request.source, h.value);
    else if (!IGNORED_HEADERS.has(lower)) c.out.leftOut.push(`${request.source}: header ${h.name} left out: a request file has no headers (the workbench sends Content-Type, Accept and the authentication itself)`);
  }
  const id = stepId(/^[A-Z]+ \//.test(request.name) ? d.op.title : request.name, c.stepIds);
  const step: Step = { id, operation: d.op.id, ...(d.version !== undefined ? { version: d.version } : {}) };
  const params = chainParams(d, id, request.source, c);
  if (Object.keys(params).length) step.params = params;
  if (body !== undefined && d.op.hasBody) {
    step.body = withoutCredentialFields(body, (path, value) => c.found.keep(`body field ${path}`, request.source, String(value)));
    // A body that refers to earlier answers is checked when the flow sends it, with the values in place.
    if (bodyText?.includes('{{')) c.out.checks.push(`${request.source}: checked when the flow runs (its body refers to earlier steps)`);
    else for (const issue of validateBody(d.op.id, d.version, step.body, c.now)) c.out.checks.push(`${request.source}: ${issue.severity}: ${issue.message}`);
  }
  c.earlier.push({ id, operation: d.op.id, requestName: request.name });
  // A name the importer made up from the method and path says less than the operation's title.
  return { step, name: /^[A-Z]+ \//.test(request.name) ? d.op.title : request.name };
}

function expandBody(request: PlainRequest, c: Context): string {
  return c.values.expand(request.body ?? '', `${request.source}: its body`, (name) => {
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
    const known = c.values.value(name);
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
  const produced = PRODUCED_BY_ANSWER.get(name.toLowerCase().replace(/[^a-z]/g, ''));
  if (!produced) return undefined;
  const step = [...c.earlier].reverse().find((e) => produced.operations.includes(e.operation));
  return step ? `{{${step.id}.response.${produced.path}}}` : undefined;
}

/** Ids a payment collection carries from one answer to the next, by the variable names collections give them (a Map: a name like "constructor" is no entry). */
const PRODUCED_BY_ANSWER: ReadonlyMap<string, { operations: readonly string[]; path: string }> = new Map([
  ['sessionid', { operations: ['gateway.createSession', 'gateway.initiateCheckout'], path: 'session.id' }],
  ['session', { operations: ['gateway.createSession', 'gateway.initiateCheckout'], path: 'session.id' }],
  ['token', { operations: ['gateway.createToken', 'gateway.updateToken'], path: 'token' }],
  ['tokenid', { operations: ['gateway.createToken', 'gateway.updateToken'], path: 'token' }],
  ['cardtoken', { operations: ['gateway.createToken', 'gateway.updateToken'], path: 'token' }],
  ['successindicator', { operations: ['gateway.initiateCheckout'], path: 'successIndicator' }],
]);

/** Postman's and REST Client's dynamic variables ({{$guid}}, {{$timestamp}}…): a fresh value per run. */
function freshValue(name: string): string | undefined {
  const dynamic = /^\$(guid|randomUUID|uuid|timestamp|isoTimestamp|randomInt|datetime)\b/.exec(name);
  return dynamic ? `{{fresh.orderId.${dynamic[1] ?? 'guid'}}}` : undefined;
}

/** Names of the variables a source uses where a credential goes: its auth, an Authorization or other secret header, a secret query parameter. */
function secretUses(groups: readonly RequestGroup[]): Set<string> {
  const names = new Set<string>();
  for (const group of groups) {
    for (const r of group.requests) {
      const places = [
        ...(r.auth?.kind === 'basic' ? [r.auth.password, ...(merchantOfUser(r.auth.user) !== undefined ? [] : [r.auth.user])] : r.auth ? [r.auth.token] : []),
        ...r.headers.filter((h) => h.name.toLowerCase() === 'authorization' || carriesCredential(h.name)).map((h) => h.value),
        ...secretQueryParameters(r.url).map((q) => q.value),
      ];
      for (const place of places) for (const name of templateNames(place)) names.add(name);
    }
  }
  return names;
}

function setPlace(d: DetectedOperation, request: PlainRequest, c: Context): void {
  const place = c.place;
  const key = d.op.api === 'gateway' ? 'gatewayUrl' : 'financingBaseUrl';
  const baseUrl = d.baseUrl.replace(/\/+$/, '');
  if (/^https?:\/\/[^{}<>\s]+$/.test(baseUrl) && !baseUrl.includes('?') && !baseUrl.includes('#')) {
    if (place[key] === undefined) place[key] = baseUrl;
    else if (place[key] !== baseUrl) c.out.leftOut.push(`${request.source}: its base URL ${baseUrl} differs from the environment's ${place[key]}; the environment's is used`);
  } else c.out.leftOut.push(`${request.source}: the base URL ${JSON.stringify(baseUrl.slice(0, 200))} has no known value; set it in the environment`);
  const merchant = d.params['merchantId'];
  if (merchant !== undefined && /^[A-Za-z0-9_-]{1,40}$/.test(merchant)) place.merchantId ??= merchant;
}

function takeSecrets(request: PlainRequest, d: DetectedOperation, c: Context): void {
  // The header may be built from a variable ("Basic {{basicAuth}}"): read it with every value the source gives, secret ones too.
  const header = headerValue(request, 'authorization');
  const auth = request.auth ?? authFromHeader(header === undefined ? undefined : c.allValues.expand(header, `${request.source}: its Authorization header`));
  if (!auth) {
    if (header !== undefined) c.out.leftOut.push(`${request.source}: its Authorization header could not be read (${oneLine(header.split(/\s/)[0] ?? '', 20)} …, built by the shell or a script?); store the environment's gateway API password yourself`);
    return;
  }
  if (auth.kind === 'bearer') {
    c.found.value(auth.token);
    c.out.leftOut.push(`${request.source}: its bearer token is not kept; a financing run signs in with the partner e-mail and password of the environment`);
    return;
  }
  if (d.op.api !== 'gateway') {
    c.found.keep('the password of its Basic auth', request.source, auth.password);
    return;
  }
  const fromHeader = request.auth === undefined && header !== undefined && templateNames(header).length > 0;
  const secret = fromHeader ? { value: auth.password, from: `the Authorization header ${oneLine(header, 80)} (${request.source})` } : secretOf(auth.password, request.source, 'the password given in', c);
  const stored = c.out.secrets.find((s) => s.name === 'gatewayApiPassword');
  if (!stored) c.out.secrets.push({ environmentId: '', name: 'gatewayApiPassword', ...secret });
  else if (secret.value !== '' && secret.value !== stored.value) c.found.keep('another gateway API password', secret.from, secret.value);
  const user = c.values.expand(auth.user, `${request.source}: its user name`);
  const merchant = merchantOfUser(user);
  if (merchant && /^[A-Za-z0-9_-]{1,40}$/.test(merchant)) c.place.merchantId ??= merchant;
}

/** A secret as the source gives it: a `{{variable}}`'s value, a shell variable or a placeholder (no value), or the text itself. */
function secretOf(given: string, source: string, what: string, c: Context): { value: string; from: string } {
  const named = templateNames(given)[0];
  const shellVariable = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(given)?.[1];
  if (named !== undefined) return { value: c.allValues.value(named) ?? '', from: `{{${named}}} (${source})` };
  if (shellVariable !== undefined) return { value: '', from: `the shell variable ${shellVariable} (${source})` };
  return { value: isPlaceholder(given) ? '' : given, from: `${what} ${source}` };
}

/**
 * A financing Login request: its e-mail and password are the environment's partner credentials (to
 * secret storage), and a financing run signs in by itself, so it becomes no step of a flow.
 */
function takeLoginSecrets(request: PlainRequest, body: unknown, c: Context): void {
  // The body again, with the secret variables' values this time: they go to secret storage, never to a file.
  let full: unknown = body;
  try {
    full = request.body === undefined ? body : parseJsonBounded(c.allValues.expand(request.body, `${request.source}: its body`), { where: 'The body' });
  } catch {
    // the body read without secrets stays
  }
  const record = typeof full === 'object' && full !== null && !Array.isArray(full) ? (full as Record<string, unknown>) : {};
  for (const [name, key] of [['partnerEmail', 'email'], ['partnerPassword', 'password']] as const) {
    const given = record[key];
    if (typeof given !== 'string' || c.out.secrets.some((s) => s.name === name)) continue;
    c.out.secrets.push({ environmentId: '', name, ...secretOf(given, request.source, 'the login body of', c) });
  }
  c.out.rows.push({ from: request.source, became: 'the environment\'s financing partner e-mail and password (secret storage): a financing run signs in by itself' });
}

/**
 * The secrets' environment, once it is chosen. None is kept for a built-in simulator environment
 * (it uses the simulator's own test credentials) or when no environment was made: listed as kept out.
 */
function settleSecrets(out: ImportOutcome, choice: EnvironmentChoice, found: FoundSecrets): void {
  if (choice.kind === 'own') {
    for (const s of out.secrets) s.environmentId = choice.id;
    return;
  }
  const why = choice.kind === 'builtIn' ? `the environment is the built-in ${choice.id}, which uses the simulator's own test credentials` : 'no environment was made to keep it for';
  for (const s of out.secrets) {
    if (s.value === '') continue;
    found.keep(secretLabel(s.name).toLowerCase(), s.from, s.value);
    out.leftOut.push(`${s.from}: ${secretLabel(s.name).toLowerCase()} not kept: ${why}`);
  }
  out.secrets = [];
}

function authFromHeader(value: string | undefined): RequestAuth | undefined {
  const basic = value && /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(value.trim());
  if (!basic) return value && /^Bearer\s/i.test(value) ? { kind: 'bearer', token: value.slice(7) } : undefined;
  const decoded = Buffer.from(basic[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { kind: 'basic', user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** An order's first step gets a fresh id per run (a rerun would find the order there); later steps refer to it. */
function chainParams(d: DetectedOperation, id: string, source: string, c: Context): Record<string, string> {
  const params: Record<string, string> = {};
  const orderId = d.params['orderId'];
  if (orderId !== undefined) {
    const first = c.chain.get(`order:${orderId}`);
    if (first) params['orderId'] = `{{${first}.params.orderId}}`;
    else {
      c.chain.set(`order:${orderId}`, id);
      if (orderRole(d.op.id) !== 'initial' && !hasNoValue(orderId)) params['orderId'] = orderId;
      else if (orderRole(d.op.id) === 'initial') c.out.leftOut.push(`${source}: order id ${oneLine(orderId, 80)} became a fresh id on every run (a second run would find the order there)`);
      else c.out.leftOut.push(`${source}: order id ${oneLine(orderId, 80)} has no value; a fresh id is used`);
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
    else c.out.leftOut.push(`${source}: ${name} ${oneLine(value, 80)} has no value and no earlier step gives it; set it in the flow`);
  }
  return params;
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
  const words = name.replace(/[^A-Za-z0-9]+/g, ' ').trim().split(' ').filter(Boolean).slice(0, 20);
  const only = words.length === 1 ? (words[0] ?? '').slice(0, 40) : undefined;
  let base = only !== undefined && /^[A-Za-z][A-Za-z0-9]*$/.test(only) ? (only === only.toUpperCase() ? only.toLowerCase() : `${only[0]?.toLowerCase() ?? ''}${only.slice(1)}`) : words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase())).join('').slice(0, 40);
  if (!/^[A-Za-z]/.test(base) || RESERVED_STEP_IDS.has(base)) base = `step${base}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}${n}`;
  used.add(id);
  return id;
}

function writeGroup(name: string, steps: { step: Step; request: PlainRequest }[], environmentId: string | undefined, used: Set<string>, out: ImportOutcome): void {
  if (steps.length === 0) return;
  const single = steps.length === 1 ? steps[0] : undefined;
  const { id: _id, ...requestFile } = single?.step ?? { id: '' };
  const text = single ? `${JSON.stringify(requestFile, null, 2)}\n` : `${JSON.stringify({ name, ...(environmentId !== undefined ? { environment: environmentId } : {}), steps: steps.map((s) => s.step) }, null, 2)}\n`;
  if (Buffer.byteLength(text) > MAX_INPUT_FILE_BYTES) {
    for (const s of steps) out.leftOut.push(`${s.request.source}: left out: its ${single ? 'request file' : 'flow'} would be ${Buffer.byteLength(text)} bytes; the workbench reads at most ${MAX_INPUT_FILE_BYTES}`);
    return;
  }
  if (single) {
    const fileName = uniqueName(slug(single.request.name), '.payreq.json', used);
    out.files.push({ name: fileName, text });
    out.rows.push({ from: single.request.source, file: fileName, became: `${fileName} (${single.step.operation}${single.step.version !== undefined ? ` v${single.step.version}` : ''})` });
    return;
  }
  const fileName = uniqueName(slug(name, 'flow'), '.payflow.json', used);
  out.files.push({ name: fileName, text });
  for (const s of steps) out.rows.push({ from: s.request.source, file: fileName, became: `${fileName}, step ${s.step.id} (${s.step.operation}${s.step.version !== undefined ? ` v${s.step.version}` : ''})` });
}

