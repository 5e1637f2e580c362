import * as assert from 'node:assert/strict';
import { z } from 'zod';
import {
  financingTokenSetSchema,
  gatewayErrorSchema,
  gatewayResponseSchema,
  offersResponseSchema,
  responseOperationIds,
  responseSchemaFor,
  updateSessionResponseSchema,
} from '../../../src/catalogue/responses';
import { BAD_CREDENTIALS, FIELD_ERROR, OFFERS_TEXT, realSuccess, successWithRiskInResponse } from './fixtures';

describe('response schemas (catalogue/responses)', () => {
  it('accept the real success body, keeping the extra fields', () => {
    const parsed = gatewayResponseSchema.parse(realSuccess());
    assert.equal(parsed.response.gatewayCode, 'APPROVED');
    assert.equal(parsed.risk?.response?.rule?.[0]?.name, 'MSO_BIN_RANGE');
    assert.equal((parsed as Record<string, unknown>)['gatewayEntryPoint'], 'WEB_SERVICES_API');
    assert.ok(gatewayResponseSchema.safeParse(successWithRiskInResponse()).success);
  });

  it('accept unknown codes (open strings), refuse a missing gatewayCode', () => {
    const body = realSuccess();
    (body['response'] as Record<string, unknown>)['gatewayCode'] = 'NEW_CODE';
    assert.ok(gatewayResponseSchema.safeParse(body).success);
    delete (body['response'] as Record<string, unknown>)['gatewayCode'];
    assert.equal(gatewayResponseSchema.safeParse(body).success, false);
  });

  it('model the error envelope', () => {
    assert.ok(gatewayErrorSchema.safeParse(FIELD_ERROR).success);
    assert.ok(gatewayErrorSchema.safeParse(BAD_CREDENTIALS).success);
    assert.ok(gatewayErrorSchema.safeParse({ result: 'ERROR', error: { cause: 'SERVER_BUSY', supportCode: 'x' } }).success);
    assert.equal(gatewayErrorSchema.safeParse(realSuccess()).success, false);
  });

  it('model the session, token set and offers answers', () => {
    assert.ok(updateSessionResponseSchema.safeParse({ merchant: 'M', session: { id: 'SESSION0002abc', updateStatus: 'SUCCESS', version: 'fd4b2f7b02' }, version: '100' }).success);
    assert.ok(financingTokenSetSchema.safeParse({ token_type: 'Bearer', expires_in: 3600, access_token: 'a', refresh_token: 'r' }).success);
    assert.equal(financingTokenSetSchema.safeParse({ token_type: 'Bearer', expires_in: 1.5, access_token: 'a', refresh_token: 'r' }).success, false);
    assert.ok(offersResponseSchema.safeParse(JSON.parse(OFFERS_TEXT)).success);
  });

  it('responseSchemaFor covers every operation and accepts errors as answers', () => {
    for (const id of responseOperationIds) assert.ok(responseSchemaFor(id), id);
    assert.equal(responseSchemaFor('gateway.nope'), undefined);
    assert.ok(responseSchemaFor('gateway.refund', 13)?.safeParse(FIELD_ERROR).success);
    assert.ok(responseSchemaFor('gateway.authorize', 11)?.safeParse(realSuccess()).success);
    assert.ok(responseSchemaFor('financing.offers')?.safeParse({ success: false, message: 'no' }).success);
    assert.ok(responseSchemaFor('financing.offersSelectFirst')?.safeParse({ success: true, message: null, data: { sessionUrl: 'https://x.example' } }).success);
  });

  it('export to JSON Schema with the known codes as completions', () => {
    const schema = JSON.stringify(z.toJSONSchema(gatewayResponseSchema));
    assert.match(schema, /"examples":\["SUCCESS","FAILURE"/);
    assert.match(schema, /DECLINED_PIN_REQUIRED/);
  });
});
