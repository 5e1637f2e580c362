import * as assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020';
import { exampleBody, GATEWAY_VERSIONS, isServedVersion, operations, recordOf, servesVersion, validateBody, type OperationId } from '../../../src/catalogue';
import { bodyJsonSchema } from '../../../src/catalogue/jsonSchema';
import { successSchemaFor } from '../../../src/catalogue/responses';
import { exampleAnswer, openApiDocument, openApiVersion, UnknownVersionError } from '../../../src/interop/export/openapi';
import { SIMULATOR_DEFAULTS, startSimulator } from '../../../src/simulator';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- reading a JSON document in a test
const TRANSACTION = (v: number) => `/api/rest/version/${v}/merchant/{merchantId}/order/{orderId}/transaction/{transactionId}`;
const servedVersions = Array.from({ length: GATEWAY_VERSIONS.newest }, (_, i) => i + 1).filter(isServedVersion);

/** The request body schema of a path and method, its $refs resolved against the document's components (as Prism does, with ajv). */
function requestValidator(doc: Json, path: string, method: string) {
  const schema = JSON.parse(JSON.stringify(doc['paths'][path][method].requestBody.content['application/json'].schema).replaceAll('#/components/schemas/', '#/$defs/'));
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // OpenAPI's discriminator is a hint for code generators: oneOf already selects the body (Ajv's own discriminator refuses `mapping`).
  ajv.addKeyword('discriminator');
  return ajv.compile({ ...schema, $defs: doc['components'].schemas });
}

const errorsOf = (id: OperationId, version: number, body: unknown) => validateBody(id, version, body).filter((i) => i.severity === 'error').map((i) => i.message);

describe('export openapi: the gateway operations as an OpenAPI 3.1 description', function () {
  this.timeout(120_000);

  it('is a valid OpenAPI 3.1 document at every version the catalogue serves', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    for (const version of servedVersions) {
      const doc = openApiDocument(version);
      const result = await validator.validate(doc);
      assert.equal(result.valid, true, `version ${version}: ${JSON.stringify(result.errors)?.slice(0, 2000)}`);
      assert.equal(doc['openapi'], '3.1.0');
      assert.equal((doc['info'] as Json)['version'], String(version));
    }
  });

  it('describes exactly the gateway operations served at the version, on their REST paths with their parameters', () => {
    for (const version of [1, 11, 57, 100]) {
      const doc: Json = openApiDocument(version);
      const described = Object.values(doc['paths'] as Json).flatMap((item: Json) => Object.entries(item).filter(([k]) => k !== 'parameters')
        .flatMap(([, o]: [string, Json]) => o['x-payment-workbench-operations'] as string[]));
      const expected = operations.filter((o) => o.api === 'gateway' && servesVersion(o, version)).map((o) => o.id);
      assert.deepEqual([...described].sort(), [...expected].sort(), `version ${version}`);
    }
    const doc: Json = openApiDocument(100);
    const params = doc['paths'][TRANSACTION(100)].parameters as Json[];
    assert.deepEqual(params.map((p) => [p['name'], p['in'], p['required'], p['schema']]), [
      ['merchantId', 'path', true, { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]*$' }],
      ['orderId', 'path', true, { type: 'string', minLength: 1, maxLength: 40 }],
      ['transactionId', 'path', true, { type: 'string', minLength: 1, maxLength: 40 }],
    ]);
    const session = doc['paths']['/api/rest/version/100/merchant/{merchantId}/session/{sessionId}'];
    assert.deepEqual(session.parameters[1].schema, { type: 'string', minLength: 31, maxLength: 35, pattern: '^[\\x20-\\x7E]*$' });
    assert.deepEqual(Object.keys(session).sort(), ['get', 'parameters', 'put']);
    assert.deepEqual(doc['components'].securitySchemes, { merchantBasic: { type: 'http', scheme: 'basic', description: 'User merchant.<merchantId> (a blank user up to version 11), password: the API password of the merchant.' } });
    assert.deepEqual(doc['security'], [{ merchantBasic: [] }]);
  });

  it('takes the request schemas from the catalogue\'s JSON Schema export, lengths, enums, patterns and required fields included', () => {
    const doc: Json = openApiDocument(100);
    const authorize: Json = doc['components'].schemas.AuthorizeRequest;
    assert.deepEqual(authorize.properties.order.properties, (bodyJsonSchema('gateway.authorize', 100) as Json).properties.order.properties);
    assert.deepEqual(authorize.properties.apiOperation.enum, ['AUTHORIZE']);
    assert.ok(authorize.required.includes('apiOperation'));
    assert.equal(authorize.properties.order.properties.currency.pattern, '^[A-Z]{3}$');
    assert.equal(authorize.properties.order.properties.reference.maxLength, 40);
    // At a version with other rules, the schema is that version's: Initiate Browser Payment v16 against v100.
    const v16: Json = openApiDocument(16);
    assert.deepEqual(v16['components'].schemas.InitiateBrowserPaymentRequest.properties, (bodyJsonSchema('gateway.initiateBrowserPayment', 16) as Json).properties);
    assert.notDeepEqual(v16['components'].schemas.InitiateBrowserPaymentRequest, doc['components'].schemas.InitiateBrowserPaymentRequest);
  });

  it('lets a JSON Schema 2020-12 validator (what Prism runs) pass a typical Authorize at v100 and refuse a broken one', () => {
    const validate = requestValidator(openApiDocument(100), TRANSACTION(100), 'put');
    const typical = {
      apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD', reference: 'shop-1' },
      sourceOfFunds: { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '01', year: '39' }, securityCode: '100' } } },
    };
    assert.equal(validate(typical), true, JSON.stringify(validate.errors));
    assert.equal(validate(exampleBody('gateway.authorize', 100)), true, JSON.stringify(validate.errors));
    assert.equal(validate({ ...typical, apiOperation: 'PAY' }), true, JSON.stringify(validate.errors));
    assert.equal(validate({ ...typical, order: { ...typical.order, currency: 'dollars' } }), false);
    assert.equal(validate({ ...typical, order: { ...typical.order, reference: 'x'.repeat(41) } }), false);
    assert.equal(validate({ ...typical, apiOperation: 'AUTHORISE' }), false);
  });

  it('requires what the catalogue requires: a body it refuses for a missing field fails the schema, one it accepts passes', () => {
    const doc: Json = openApiDocument(100);
    const validate = requestValidator(doc, TRANSACTION(100), 'put');
    const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '01', year: '39' } } } };
    const refused: [OperationId, Json][] = [
      ['gateway.authorize', { apiOperation: 'AUTHORIZE', sourceOfFunds: card }],
      ['gateway.authorize', { apiOperation: 'AUTHORIZE', order: { currency: 'USD' }, sourceOfFunds: card }],
      ['gateway.pay', { apiOperation: 'PAY', order: { amount: '10.00' }, sourceOfFunds: card }],
      ['gateway.refund', { apiOperation: 'REFUND', transaction: { currency: 'USD' } }],
      ['gateway.capture', { apiOperation: 'CAPTURE' }],
      ['gateway.initiateAuthentication', { apiOperation: 'INITIATE_AUTHENTICATION', authentication: { channel: 'PAYER_BROWSER' } }],
    ];
    for (const [id, body] of refused) {
      assert.notDeepEqual(errorsOf(id, 100, body), [], `the catalogue refuses ${JSON.stringify(body)}`);
      assert.equal(validate(body), false, `the schema refuses ${JSON.stringify(body)}`);
    }
    // A body naming its session may leave the required fields to it: the catalogue accepts it (a warning), so does the schema.
    const session = { id: 'SESSION0002ABCDEFGHIJKLMNOPQRST' };
    const accepted: [OperationId, Json][] = [
      ['gateway.authorize', { apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'USD' }, sourceOfFunds: card }],
      ['gateway.refund', { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' } }],
      ['gateway.authorize', { apiOperation: 'AUTHORIZE', session }],
      ['gateway.pay', { apiOperation: 'PAY', order: { currency: 'USD' }, session }],
      ['gateway.initiateAuthentication', { apiOperation: 'INITIATE_AUTHENTICATION', session }],
    ];
    for (const [id, body] of accepted) {
      assert.deepEqual(errorsOf(id, 100, body), [], `the catalogue accepts ${JSON.stringify(body)}`);
      assert.equal(validate(body), true, `${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`);
    }
    // Every body the catalogue's own example gives (which it accepts) passes its path's schema.
    for (const op of operations.filter((o) => o.api === 'gateway' && o.hasBody && servesVersion(o, 100))) {
      const body = exampleBody(op.id, 100);
      assert.deepEqual(errorsOf(op.id, 100, body), [], op.id);
      const ofPath = requestValidator(doc, op.pathTemplate.replace('{version}', '100'), op.method.toLowerCase());
      assert.equal(ofPath(body), true, `${op.id} example: ${JSON.stringify(ofPath.errors)}`);
    }
    assert.match(String(doc['components'].schemas.AuthorizeRequest.description), /Required unless the body names its payment session \(session\.id\): order, order\.amount, order\.currency/);
  });

  it('selects the transaction PUT\'s body by apiOperation (oneOf with a discriminator), and Check Gateway needs no credentials', () => {
    const doc: Json = openApiDocument(100);
    const schema: Json = doc['paths'][TRANSACTION(100)].put.requestBody.content['application/json'].schema;
    assert.equal(schema.discriminator.propertyName, 'apiOperation');
    assert.equal(schema.discriminator.mapping.AUTHORIZE, '#/components/schemas/AuthorizeRequest');
    assert.equal(schema.discriminator.mapping.VOID, '#/components/schemas/VoidRequest');
    assert.equal(schema.oneOf.length, Object.keys(schema.discriminator.mapping).length);
    // A body matches exactly one branch: a Pay body is not also an Authorize body.
    const validate = requestValidator(doc, TRANSACTION(100), 'put');
    assert.equal(validate(exampleBody('gateway.pay', 100)), true, JSON.stringify(validate.errors));
    const information: Json = doc['paths']['/api/rest/version/100/information'].get;
    assert.deepEqual(information.security, []);
    assert.equal(doc['paths'][`/api/rest/version/100/merchant/{merchantId}/paymentOptionsInquiry`].post.requestBody.required, false, 'no body is an empty one, which the inquiry takes');
  });

  it('gives each answer an example its schema accepts, and the simulator answers in that schema', async () => {
    for (const op of operations.filter((o) => o.api === 'gateway')) {
      const record = recordOf(op.id);
      assert.ok(record);
      const example = exampleAnswer(record.response, op, 100);
      const parsed = successSchemaFor(op.id)?.safeParse(example);
      assert.equal(parsed?.success, true, `${op.id}: ${JSON.stringify(parsed?.error?.issues)}`);
    }
    const doc: Json = openApiDocument(100);
    const processed = doc['paths'][TRANSACTION(100)].put.responses['201'];
    assert.ok(processed, 'a processed transaction is documented as 201 Created, as the gateway answers it');
    const answer = processed.content['application/json'];
    assert.equal(answer.examples.authorize.value.transaction.type, 'AUTHORIZATION');
    assert.equal(answer.examples.void.value.transaction.type, 'VOID_AUTHORIZATION');
    const sim = await startSimulator({ port: 0 });
    try {
      const url = `${sim.baseUrl}/api/rest/version/100/merchant/${SIMULATOR_DEFAULTS.merchantId}/order/oa-${Date.now()}/transaction/t1`;
      const res = await fetch(url, {
        method: 'PUT',
        headers: { authorization: `Basic ${Buffer.from(`merchant.${SIMULATOR_DEFAULTS.merchantId}:${SIMULATOR_DEFAULTS.apiPassword}`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify(exampleBody('gateway.authorize', 100)),
      });
      const body = await res.json();
      assert.equal(res.status, 201, `the simulator answers the status the description documents: ${JSON.stringify(body)}`);
      const validate = new Ajv2020({ strict: false }).compile(answer.schema);
      assert.equal(validate(body), true, JSON.stringify(validate.errors));
    } finally {
      await sim.close();
    }
  });

  it('takes the newest version by default and refuses an unknown one, listing the known versions', () => {
    assert.equal(openApiVersion(undefined), 100);
    assert.equal(openApiVersion('57'), 57);
    for (const given of ['80', '22', '0', '101', 'v100', '1e2', ' 100', '100.0', '9'.repeat(400)]) {
      assert.throws(() => openApiVersion(given), (err: Error) => err instanceof UnknownVersionError && err.message.includes('the known versions are 1 to 100 except 2, 5, 6, 22, 25, 80'), given);
    }
  });
});
