/**
 * *.payreq.json request files:
 * { "$schema"?, "operation", "version"?, "params"?: { orderId?, transactionId?, sessionId?, tokenId? }, "body"? }
 */
import * as z from 'zod/mini';
import { JsonSizeError, parseInputJson } from '../json/bounds';
import { JsonDepthError } from '../json/depth';
import { describeJsonSyntaxError, oversizeTextProblem, withoutBom } from '../json/fileText';
import { redactMessage } from '../redaction';
import { allOperationVersions } from './bodies';
import { completionOnly, type SchemaNode } from './completionSchema';
import { bodyJsonSchema } from './jsonSchema';
import { fromZodIssue } from './issues';
import { getOperation, operations, type OperationId } from './operations';
import { pathParams } from './pathParams';
import { bodyBranchCondition, versionProblem, versionPropertySchema } from './versions';

export interface RequestFile {
  $schema?: string;
  operation: OperationId;
  version?: number;
  params?: { orderId?: string; transactionId?: string; sessionId?: string; tokenId?: string };
  body?: Record<string, unknown>;
}

const operationIds = operations.map((o) => o.id) as [OperationId, ...OperationId[]];

const paramDescription = (name: 'orderId' | 'transactionId' | 'sessionId' | 'tokenId') => ({ description: pathParams[name].help });

const text = () => z.string({ error: 'must be text' });

/** Envelope only: the body is checked by validateBody, params by validatePathParam, so a half-typed file still opens. */
const envelope = z.looseObject({
  $schema: z.optional(text()),
  operation: z.enum(operationIds, { error: (i) => (i.input === undefined ? 'required' : `must be one of ${operationIds.join(', ')}`) }),
  version: z.optional(z.number({ error: 'must be a whole number' }).check(z.int({ error: 'must be a whole number' }))),
  params: z.optional(z.looseObject({
    orderId: z.optional(text()),
    transactionId: z.optional(text()),
    sessionId: z.optional(text()),
    tokenId: z.optional(text()),
  }, { error: 'must be an object of URL parameters' })),
  body: z.optional(z.record(z.string(), z.unknown(), { error: 'must be a JSON object' })),
});

/**
 * A request file's text (a leading byte order mark, as editors on Windows write, is skipped). Its
 * messages quote what was given through the redaction policy: a card number masked, a secret redacted.
 * A text over the input bound, or holding more values or levels than the JSON bounds (json/bounds.ts),
 * is refused before it is parsed: every door (Send, Open in Form, the CLI, flows) reads it here.
 */
export function parseRequestFile(fileText: string): { ok: true; file: RequestFile } | { ok: false; message: string } {
  const text = withoutBom(fileText);
  const oversize = oversizeTextProblem(text, 'request');
  if (oversize) return { ok: false, message: oversize };
  let raw: unknown;
  try {
    raw = parseInputJson(text, 'The request file');
  } catch (e) {
    if (e instanceof JsonDepthError || e instanceof JsonSizeError) return { ok: false, message: e.message };
    return { ok: false, message: `not valid JSON: ${describeJsonSyntaxError(text, e)}` };
  }
  const parsed = envelope.safeParse(raw, { reportInput: true });
  if (!parsed.success) return { ok: false, message: redactMessage(parsed.error.issues.map((i) => fromZodIssue(i).message).join('; ')) };
  const file = parsed.data as RequestFile;
  const op = getOperation(file.operation);
  if (!op) return { ok: false, message: `operation: unknown, got '${file.operation}'` };
  if (file.version !== undefined) {
    if (op.documentedVersions.length === 0) return { ok: false, message: `version: ${op.id} has no version, got ${file.version}` };
    const problem = versionProblem(op, file.version);
    if (problem) return { ok: false, message: `version: ${problem}` };
  }
  if (!op.hasBody && file.body !== undefined && Object.keys(file.body).length > 0) {
    return { ok: false, message: `body: ${op.id} takes no body` };
  }
  return { ok: true, file };
}

/**
 * JSON Schema of request files (what VS Code's JSON service reads for *.payreq.json): if/then on
 * `operation` (and version) picks that operation's body schema. Descriptions and completions only:
 * the value rules are the catalogue diagnostics' to report, once, in its words (completionSchema.ts).
 */
export function requestFileJsonSchema(): object {
  return completionOnly(fullRequestFileJsonSchema());
}

function fullRequestFileJsonSchema(): SchemaNode {
  const defs: Record<string, unknown> = {};
  const branches: unknown[] = [];
  for (const r of allOperationVersions()) {
    const { op, version } = r;
    const body = bodyJsonSchema(op.id, version);
    const defName = version === undefined ? op.id : `${op.id}.v${version}`;
    if (body) defs[defName] = body;
    const bodyRule = body ? { $ref: `#/definitions/${defName}` } : { not: {}, description: `${op.title} takes no body.` };
    const condition = version === undefined ? { ...bodyBranchCondition(op, undefined), not: { required: ['version'] } } : bodyBranchCondition(op, version);
    branches.push({
      if: condition,
      then: { properties: { body: bodyRule } },
    });
  }
  for (const op of operations) {
    branches.push({
      if: { properties: { operation: { const: op.id } }, required: ['operation'] },
      then: op.documentedVersions.length === 0
        ? { properties: { version: { not: {}, description: `${op.title} has no version.` } } }
        : { properties: { version: versionPropertySchema(op) } },
    });
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Payment Workbench request file (*.payreq.json)',
    description: 'One request to the card gateway or the financing partner API. Generated from the field catalogue: run `npm run schemas` after changing it. Descriptions and completions only: Payment Workbench reports every rule itself.',
    type: 'object',
    required: ['operation'],
    properties: {
      $schema: { type: 'string' },
      operation: {
        description: 'Which operation to send.',
        enum: operationIds,
        enumDescriptions: operations.map((o) => `${o.title}: ${o.purpose}`),
      },
      version: { type: 'integer', description: 'Gateway API version in the path; omit for the default. Financing operations have none.' },
      params: {
        type: 'object',
        description: 'URL parameters (merchantId comes from the environment).',
        properties: {
          orderId: { type: 'string', minLength: 1, maxLength: 40, ...paramDescription('orderId') },
          transactionId: { type: 'string', minLength: 1, maxLength: 40, ...paramDescription('transactionId') },
          sessionId: { type: 'string', minLength: 31, maxLength: 35, pattern: '^[\\x20-\\x7E]*$', ...paramDescription('sessionId') },
          tokenId: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]*$', ...paramDescription('tokenId') },
        },
      },
      body: { type: 'object', description: 'The JSON request body.' },
    },
    allOf: branches,
    definitions: defs,
  };
}
