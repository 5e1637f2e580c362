/**
 * The JSON Schema VS Code reads for flow files: completion of operation ids, versions, step fields,
 * request bodies (the request-file schema's own body definitions, by reference) and the common
 * expectation paths with their known values. Value rules stay with the flow checks and the
 * catalogue, which report each mistake once, in their words.
 */
import { allOperationVersions } from '../catalogue/bodies';
import { errorCauseValues, gatewayCodeValues, orderStatusValues, resultValues } from '../catalogue/codes';
import { operations } from '../catalogue/operations';
import { bodyBranchCondition, versionPropertySchema } from '../catalogue/versions';
import { CAPABILITIES, CAPABILITY_NAMES } from './capabilities';
import { MAX_STEPS } from './flow';
import { PAYER_PAGE_DRIVERS } from './payerPages';
import { ENV_FIELDS } from './references';

const REFERENCE_HELP = 'Text may hold references: {{fresh.orderId}}, {{STEP.params.NAME}}, {{STEP.body.PATH}}, {{STEP.response.PATH}}, {{env.NAME}}, {{input.NAME}}, {{inbox.gateway}} / {{inbox.financing}} (the local inbox\'s address: give it as order.notificationUrl or callback_url).';

/** Expectation paths offered in completion, with the values the APIs answer there. */
const EXPECTATION_PATHS: Record<string, { description: string; values?: readonly string[] }> = {
  result: { description: 'SUCCESS, PENDING, FAILURE, UNKNOWN or ERROR.', values: resultValues },
  'response.gatewayCode': { description: "The gateway's outcome code.", values: gatewayCodeValues },
  'order.status': { description: 'The order status after this transaction.', values: orderStatusValues },
  'order.totalAuthorizedAmount': { description: 'Exact decimal: "100.00" equals 100.' },
  'order.totalCapturedAmount': { description: 'Exact decimal: "100.00" equals 100.' },
  'order.totalRefundedAmount': { description: 'Exact decimal: "40.00" equals 40.' },
  'body.status': { description: 'Retrieve Order: the order status (the key status alone is the HTTP status).', values: orderStatusValues },
  'transaction.type': { description: 'AUTHORIZATION, PAYMENT, CAPTURE, REFUND, VOID_AUTHORIZATION…' },
  'error.cause': { description: 'Why the gateway refused the request.', values: errorCauseValues },
  'error.field': { description: 'The request field the gateway names.' },
  success: { description: 'Financing API: true or false.' },
};

const matcher = {
  anyOf: [
    { type: ['string', 'number', 'boolean', 'null'] },
    { type: 'object', properties: { present: { type: 'boolean', description: 'true: the path has a value; false: it is absent.' } }, required: ['present'], additionalProperties: false },
    { type: 'object', properties: { oneOf: { type: 'array', description: 'Passes when the value equals one of these.' } }, required: ['oneOf'], additionalProperties: false },
  ],
};

function expectSchema(): object {
  const properties: Record<string, object> = {
    status: { type: 'integer', description: 'The HTTP status.' },
    notification: {
      type: 'object',
      description: 'Wait for the notification this step causes at the local inbox: the webhook for its order and transaction (order.notificationUrl: "{{inbox.gateway}}"), or the financing callback for its external_id. The other keys are dotted paths into the notification body.',
      properties: {
        within: { type: 'integer', minimum: 1, maximum: 60000, default: 5000, description: 'Milliseconds to wait (default 5000).' },
        'transaction.type': { description: 'AUTHORIZATION, PAYMENT, CAPTURE, REFUND, VOID_AUTHORIZATION…' },
        'order.status': { examples: [...orderStatusValues] },
        'response.gatewayCode': { examples: [...gatewayCodeValues] },
      },
      additionalProperties: matcher,
    },
  };
  for (const [path, { description, values }] of Object.entries(EXPECTATION_PATHS)) {
    properties[path] = { description: `${description} Any other key is a dotted path into the response body ([n] indexes lists).`, ...(values ? { examples: [...values] } : {}) };
  }
  return {
    type: 'object',
    description: '"status" is the HTTP status; every other key is a dotted path into the response body. Strings and booleans compare exactly, decimals by exact value; { "present": true|false } and { "oneOf": [...] } are matchers.',
    properties,
    additionalProperties: matcher,
  };
}

/** A payer step's `payer`: one page key (its driver) and that driver's options. */
function payerSchema(): object {
  const kinds = Object.entries(PAYER_PAGE_DRIVERS);
  return {
    type: 'object',
    description: `A payer step: instead of an operation, what the payer does on a page the gateway sends them to, done over HTTP without a browser (the same page a browser shows). Name one page: ${kinds.map(([k, d]) => `"${k}" (${d.title})`).join(', ')}. The step's response is what the page sends back to the merchant, e.g. {{payer.response.response.gatewayRecommendation}}. ${REFERENCE_HELP}`,
    oneOf: kinds.map(([kind, driver]) => ({
      properties: {
        [kind]: { type: 'string', description: driver.description },
        ...Object.fromEntries(Object.entries(driver.options).map(([name, o]) => [name, { type: 'string', description: o.description, ...(o.values ? { examples: [...o.values] } : {}) }])),
      },
      required: [kind, ...Object.entries(driver.options).filter(([, o]) => o.required).map(([name]) => name)],
      additionalProperties: false,
    })),
  };
}

/** Per operation and version: the version enum and the request body's definition in payreq.schema.json. */
function operationBranches(): object[] {
  const branches: object[] = [];
  for (const { op, version } of allOperationVersions()) {
    const definition = version === undefined ? op.id : `${op.id}.v${version}`;
    branches.push({ if: bodyBranchCondition(op, version), then: { properties: { body: op.hasBody ? { $ref: `payreq.schema.json#/definitions/${definition}` } : { not: {}, description: `${op.title} sends no body.` } } } });
  }
  for (const op of operations) {
    branches.push({ if: { properties: { operation: { const: op.id } }, required: ['operation'] }, then: { properties: { version: op.documentedVersions.length ? versionPropertySchema(op) : { not: {}, description: `${op.title} has no version.` } } } });
  }
  return branches;
}

export function flowFileJsonSchema(): object {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Payment Workbench flow (*.payflow.json)',
    description: 'An ordered list of steps, each one operation with optional expectations. Run in the Test Explorer or with `npx payment-workbench run`. Generated: run `npm run schemas` after changing the catalogue.',
    type: 'object',
    required: ['name', 'steps'],
    properties: {
      $schema: { type: 'string' },
      name: { type: 'string', minLength: 1, description: 'The flow\'s name: the test name in the Test Explorer and the JUnit testsuite.' },
      environment: { type: 'string', description: 'The environment (id or name) the flow runs in when none is chosen.' },
      needs: {
        type: 'array',
        uniqueItems: true,
        description: 'What the merchant behind the environment must do for the flow to pass. On an environment known to lack it (the simulator\'s merchants are known) the flow fails before sending, naming what is missing.',
        items: { enum: CAPABILITY_NAMES, enumDescriptions: CAPABILITY_NAMES.map((c) => CAPABILITIES[c]) },
      },
      inputs: {
        type: 'object',
        description: 'What a run may be given: payment-workbench trigger --order ID (the input orderId) and --set NAME=VALUE. Steps read them as {{input.NAME}}.',
        additionalProperties: {
          type: 'object',
          properties: {
            description: { type: 'string', maxLength: 200 },
            default: { type: 'string', maxLength: 200, description: 'Used when the run is not given the input; may be {{fresh.orderId}} or {{env.NAME}}.' },
          },
          additionalProperties: false,
        },
      },
      steps: { type: 'array', minItems: 1, maxItems: MAX_STEPS, items: { $ref: '#/definitions/step' } },
    },
    definitions: {
      step: {
        type: 'object',
        required: ['id'],
        anyOf: [{ required: ['operation'] }, { required: ['payer'] }],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$', description: 'Names the step in references ({{id.response.PATH}}) and reports.' },
          // Offered in completion, judged by the flow checks alone: an enum here made a second report of an unknown operation.
          operation: { anyOf: [{ enum: operations.map((o) => o.id), enumDescriptions: operations.map((o) => `${o.title}: ${o.purpose}`) }, { type: 'string' }] },
          version: { type: 'integer', description: "Left out: the operation's default version." },
          params: {
            type: 'object',
            description: `URL parameters. Without orderId the run's fresh order id is used; without transactionId a new one. ${REFERENCE_HELP}`,
            properties: { orderId: { type: 'string' }, transactionId: { type: 'string' }, sessionId: { type: 'string' }, tokenId: { type: 'string' } },
          },
          body: { type: 'object', description: `The JSON request body. ${REFERENCE_HELP}` },
          payer: payerSchema(),
          expect: expectSchema(),
          unlessGiven: { type: 'string', description: 'Skip this step when the run was given this input (e.g. "orderId": the step makes the order trigger --order brings).' },
          expectDelivery: {
            type: 'object',
            description: "What the simulator's delivery of this step's notifications must come to, once they settle (a webhook URL must be set: order.notificationUrl, the merchant's, or trigger --to).",
            properties: {
              status: { type: 'integer', description: "The HTTP status of each notification's last attempt." },
              attempts: { type: 'integer', minimum: 1, description: 'How many attempts each notification took.' },
              state: { enum: ['delivered', 'failed', 'dropped', 'refused'] },
              count: { type: 'integer', minimum: 0, description: 'How many notifications the step made.' },
              within: { type: 'integer', minimum: 1, maximum: 120000, default: 30000, description: 'Milliseconds to wait for them to settle.' },
            },
            additionalProperties: false,
          },
        },
        allOf: operationBranches(),
      },
    },
    $comment: `env.NAME reads ${ENV_FIELDS.join(', ')}.`,
  };
}

/** The flow snippets: a whole flow, and one step. */
export function flowSnippets(): object {
  return {
    'Payment flow': {
      scope: 'payflow',
      prefix: 'payflow',
      description: 'A flow: authorize, then refund part of it, with expectations.',
      body: [
        '{',
        '  "name": "${1:Authorize, then refund}",',
        '  "steps": [',
        '    { "id": "auth", "operation": "gateway.authorize",',
        '      "body": { "apiOperation": "AUTHORIZE", "order": { "amount": "${2:100.00}", "currency": "${3:EUR}" },',
        '                "sourceOfFunds": { "type": "CARD", "provided": { "card": { "number": "5123450000000008", "expiry": { "month": "1", "year": "39" }, "securityCode": "100" } } } },',
        '      "expect": { "status": 201, "response.gatewayCode": "APPROVED" } },',
        '    { "id": "refund", "operation": "gateway.refund",',
        '      "params": { "orderId": "{{auth.params.orderId}}" },',
        '      "body": { "apiOperation": "REFUND", "transaction": { "amount": "${4:40.00}", "currency": "{{auth.response.order.currency}}" } },',
        '      "expect": { "result": "SUCCESS" } }$0',
        '  ]',
        '}',
      ],
    },
    'Flow step': {
      scope: 'payflow',
      prefix: 'step',
      description: 'One step of a flow.',
      body: ['{ "id": "${1:step}", "operation": "${2:gateway.refund}",', '  "params": { "orderId": "{{${3:auth}.params.orderId}}" },', '  "body": {$4},', '  "expect": { "status": 201 } }'],
    },
  };
}
