/**
 * An OpenAPI 3.1 description of the gateway operations at one version, derived from the catalogue:
 * paths and their parameters (pathParams.ts), request bodies (the catalogue's JSON Schema export,
 * jsonSchema.ts, with the required fields the catalogue refuses a body without: openapiBodies.ts), answers (responses.ts, with an example of each) and HTTP Basic security. For the
 * user's own tools: code generators, mock servers (Stoplight Prism), API test tools. Not in the
 * extension's startup path: only the CLI's `export openapi` loads it.
 */
import { toJSONSchema, type ZodMiniType } from 'zod/mini';
import {
  apiOperationAt, authAt, bodyMayBeAbsent, GATEWAY_VERSIONS, isServedVersion, operations, recordOf, servesVersion,
  type OperationDef, type ResponseShape,
} from '../../catalogue';
import { requestBodySchema } from './openapiBodies';
import type { PathParam } from '../../catalogue/pathParams';
import { gatewayErrorSchema, successSchemaFor } from '../../catalogue/responses';

type Json = Record<string, unknown>;

/** A version the gateway does not serve: the message lists the ones it does. */
export class UnknownVersionError extends Error {}

/** The served versions in words: "1 to 100 except 2, 5, 6, 22, 25, 80". */
export function servedVersionsText(): string {
  return `${GATEWAY_VERSIONS.lowest} to ${GATEWAY_VERSIONS.newest} except ${GATEWAY_VERSIONS.unserved.join(', ')}`;
}

/** The version asked for (text from the command line, or none for the newest), or an UnknownVersionError. */
export function openApiVersion(given: string | undefined): number {
  if (given === undefined) return GATEWAY_VERSIONS.newest;
  const version = /^\d{1,3}$/.test(given) ? Number(given) : NaN;
  if (!isServedVersion(version)) {
    throw new UnknownVersionError(`the catalogue knows no gateway version ${JSON.stringify(given.slice(0, 40))}; the known versions are ${servedVersionsText()}`);
  }
  return version;
}

/** The OpenAPI 3.1 document of every gateway operation served at `version` (financing is another API). */
export function openApiDocument(version: number): Json {
  if (!isServedVersion(version)) throw new UnknownVersionError(`the catalogue knows no gateway version ${version}; the known versions are ${servedVersionsText()}`);
  const served = operations.filter((op) => op.api === 'gateway' && servesVersion(op, version));
  const schemas: Json = {};
  const paths: Record<string, Json> = {};
  const byPathAndMethod = new Map<string, OperationDef[]>();
  for (const op of served) {
    const key = `${op.method} ${op.pathTemplate}`;
    byPathAndMethod.set(key, [...(byPathAndMethod.get(key) ?? []), op]);
  }
  for (const ops of byPathAndMethod.values()) {
    const first = ops[0] as OperationDef;
    const path = first.pathTemplate.replace('{version}', String(version));
    const item = (paths[path] ??= { parameters: first.pathParams.map(parameter) });
    item[first.method.toLowerCase()] = operationObject(ops, version, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `Card payment gateway REST API, version ${version}`,
      version: String(version),
      description: `The gateway operations Payment Workbench's catalogue declares at version ${version}, with every field rule JSON Schema can express. `
        + 'Cross-field rules (sums of amounts, fields required together, dates) are checked by Payment Workbench and the real gateway, not by these schemas. '
        + `Requests authenticate with HTTP Basic: ${authAt(first(served), version) === 'basicEmptyUser' ? 'a blank user name' : 'the user merchant.<merchantId>'} and the API password.`,
    },
    servers: [{ url: 'https://{host}', variables: { host: { default: 'test-gateway.mastercard.com', description: 'the gateway host of your payment provider (or the local simulator, http://127.0.0.1:PORT)' } } }],
    security: [{ merchantBasic: [] }],
    paths,
    components: {
      securitySchemes: { merchantBasic: { type: 'http', scheme: 'basic', description: 'User merchant.<merchantId> (a blank user up to version 11), password: the API password of the merchant.' } },
      schemas: { ...schemas, Error: responseSchema(gatewayErrorSchema) },
    },
  };
}

function first(ops: readonly OperationDef[]): OperationDef {
  const op = ops[0];
  if (!op) throw new Error('no gateway operation is served');
  return op;
}

function parameter(p: PathParam): Json {
  const schema: Json = { type: 'string', minLength: p.minLength, maxLength: p.maxLength };
  if (p.pattern) schema['pattern'] = p.pattern.source;
  return { name: p.name, in: 'path', required: true, description: p.help, schema };
}

/** Operations that share a method and path (the transaction PUT, selected by apiOperation) become one OpenAPI operation. */
function operationObject(ops: readonly OperationDef[], version: number, schemas: Json): Json {
  const one = ops.length === 1 ? ops[0] : undefined;
  const out: Json = {
    operationId: one ? one.id.replace(/^gateway\./, '') : operationIdOf(first(ops)),
    summary: ops.map((op) => op.title).join(', '),
    // The catalogue's ids, so a tool (or a person) can map an operation back to Payment Workbench's request files.
    'x-payment-workbench-operations': ops.map((op) => op.id),
    description: ops.map((op) => `${op.title}${apiOperationAt(op, version) ? ` (apiOperation ${apiOperationAt(op, version)})` : ''}: ${op.purpose}`).join('\n\n'),
  };
  const withBody = ops.filter((op) => op.hasBody);
  if (withBody.length) {
    // No body is an empty one to the gateway: optional where every operation of the path takes the empty body.
    const required = !withBody.every((op) => bodyMayBeAbsent(op.id, version));
    out['requestBody'] = { required, content: { 'application/json': { schema: bodySchemaOf(withBody, version, schemas) } } };
  }
  // Check Gateway: "Authentication: None required".
  if (ops.every((op) => op.auth === 'none')) out['security'] = [];
  if (ops.some((op) => op.auth === 'basicSession')) {
    out['security'] = [{ merchantBasic: [] }];
    out['description'] += '\n\nThe payer\'s update authenticates with the session id as the password (user merchant.<merchantId>).';
  }
  out['responses'] = responses(ops, version);
  return out;
}

/** "putTransaction", "postSession": a name for a method and path several operations share. */
function operationIdOf(op: OperationDef): string {
  const last = op.pathTemplate.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? 'operation';
  return `${op.method.toLowerCase()}${last.charAt(0).toUpperCase()}${last.slice(1)}`;
}

/**
 * One body, or the bodies of the operations a path shares: selected by `apiOperation` (oneOf with a
 * discriminator: each body's apiOperation takes its one name) when every one has a name at this version,
 * else any of them (POST …/session is Create Session, with no apiOperation, or Initiate Checkout).
 */
function bodySchemaOf(ops: readonly OperationDef[], version: number, schemas: Json): Json {
  const refs = ops.map((op) => [apiOperationAt(op, version), bodyRef(op, version, schemas)] as const);
  const [only] = refs;
  if (refs.length === 1 && only) return only[1];
  if (refs.some(([name]) => name === undefined)) return { anyOf: refs.map(([, ref]) => ref) };
  const mapping = Object.fromEntries(refs.map(([name, ref]) => [name, ref['$ref']]));
  return { oneOf: refs.map(([, ref]) => ref), discriminator: { propertyName: 'apiOperation', mapping } };
}

function bodyRef(op: OperationDef, version: number, schemas: Json): Json {
  const name = `${op.id.replace(/^gateway\./, '').replace(/^./, (c) => c.toUpperCase())}Request`;
  schemas[name] = requestBodySchema(op.id, version);
  return { $ref: `#/components/schemas/${name}` };
}

function responses(ops: readonly OperationDef[], version: number): Json {
  const out: Json = {};
  for (const op of ops) {
    const record = recordOf(op.id);
    const success = successSchemaFor(op.id);
    if (!record || !success) continue;
    const status = String(record.successStatus ?? 200);
    const example = exampleAnswer(record.response, op, version);
    const existing = out[status] as { content: { 'application/json': { examples: Json } } } | undefined;
    if (existing) {
      existing.content['application/json'].examples[op.id.replace(/^gateway\./, '')] = { summary: op.title, value: example };
      continue;
    }
    out[status] = {
      description: record.response === 'transaction' ? `The ${ops.length > 1 ? 'operation\'s ' : ''}answer: result SUCCESS, or a decline (FAILURE) with response.gatewayCode` : `The answer of ${op.title}`,
      content: { 'application/json': { schema: responseSchema(success), examples: { [op.id.replace(/^gateway\./, '')]: { summary: op.title, value: example } } } },
    };
  }
  const error = (description: string, example: Json): Json => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } } });
  out['400'] = error('The request was refused (result ERROR): a field the gateway rejects, or a missing one', { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Invalid value for \'order.currency\'', field: 'order.currency', validationType: 'INVALID' } });
  if (ops.every((op) => op.auth === 'none')) return out;
  out['401'] = error('The credentials were refused', { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Invalid credentials.' } });
  return out;
}

/** zod's JSON Schema (2020-12, what OpenAPI 3.1 uses) of a response schema, without zod's own keywords. */
function responseSchema(schema: ZodMiniType): Json {
  return withoutKeyword(toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }) as Json, ['$schema', 'knownValues']);
}

/** The schema without the named keywords (knownValues travels as `examples` already; strict validators refuse unknown keywords). */
function withoutKeyword(node: Json, names: readonly string[]): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (names.includes(key)) continue;
    out[key] = Array.isArray(value)
      ? value.map((v: unknown) => (isJson(v) ? withoutKeyword(v, names) : v))
      : isJson(value) && key !== 'examples' && key !== 'default' && key !== 'const' ? withoutKeyword(value, names) : value;
  }
  return out;
}

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const MERCHANT = 'TESTMERCHANT01';
const TIME = '2026-01-15T10:00:00.000Z';

/** An answer as the gateway (and the simulator) gives it; a unit test checks each against its schema. */
export function exampleAnswer(shape: ResponseShape, op: OperationDef, version: number): Json {
  const v = String(version);
  const record = recordOf(op.id);
  const type = record?.simulator.route === 'byApiOperation' ? record.simulator.records : 'AUTHORIZATION';
  switch (shape) {
    case 'transaction':
      return {
        merchant: MERCHANT, result: 'SUCCESS', response: { gatewayCode: 'APPROVED', acquirerCode: '00' },
        order: { id: 'order-1', amount: '10.00', currency: 'USD', status: type === 'VERIFICATION' ? 'VERIFIED' : 'AUTHORIZED' },
        transaction: { id: 'txn-1', type, amount: '10.00', currency: 'USD' },
        timeOfRecord: TIME, version: v,
      };
    case 'order':
      return {
        merchant: MERCHANT, id: 'order-1', status: 'CAPTURED', amount: '10.00', currency: 'USD', result: 'SUCCESS',
        totalAuthorizedAmount: '10.00', totalCapturedAmount: '10.00', totalRefundedAmount: '0.00',
        transaction: [{ result: 'SUCCESS', response: { gatewayCode: 'APPROVED' }, transaction: { id: 'txn-1', type: 'PAYMENT', amount: '10.00', currency: 'USD' } }],
      };
    case 'session':
      return { merchant: MERCHANT, result: 'SUCCESS', session: { id: 'SESSION0002123456789012345678901', updateStatus: 'SUCCESS', version: 'a1b2c3d4e5' }, version: v };
    case 'token':
      return op.method === 'DELETE' ? { result: 'SUCCESS' } : { repositoryId: 'repo-1', result: 'SUCCESS', status: 'VALID', token: '9876543210123456', verificationStrategy: 'NONE' };
    case 'paymentOptions':
      return { merchant: MERCHANT, result: 'SUCCESS', paymentTypes: { card: { cardTypes: [{ cardType: 'MASTERCARD', currencies: [{ currency: 'USD' }] }] } } };
    case 'gatewayInformation':
      return { gatewayVersion: '100.0.0', status: 'OPERATING' };
    default:
      return {};
  }
}
