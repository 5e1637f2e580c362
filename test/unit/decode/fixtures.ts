/** Captured bodies from shared/reference/gateway-behaviour.md, as the wire had them. */

export const REAL_SUCCESS_TEXT = `{"gatewayEntryPoint":"WEB_SERVICES_API","merchant":"TESTDEVMER031",
 "order":{"amount":10.01,"currency":"USD","id":"ORD-1","status":"CAPTURED","totalAuthorizedAmount":10.01,"totalCapturedAmount":10.01,"totalRefundedAmount":0.00},
 "response":{"acquirerCode":"00","acquirerMessage":"Approved","cardSecurityCode":{"acquirerCode":"M","gatewayCode":"MATCH"},"gatewayCode":"APPROVED"},
 "result":"SUCCESS",
 "risk":{"response":{"gatewayCode":"ACCEPTED","review":{"decision":"NOT_REQUIRED"},"rule":[{"data":"512345","name":"MSO_BIN_RANGE","recommendation":"NO_ACTION","type":"MSO_RULE"}],"totalScore":10}},
 "sourceOfFunds":{"provided":{"card":{"brand":"MASTERCARD","expiry":{"month":"1","year":"39"},"fundingMethod":"DEBIT","number":"512345xxxxxx0008","scheme":"MASTERCARD"}},"type":"CARD"},
 "timeOfRecord":"2026-07-20T08:27:25.001Z",
 "transaction":{"acquirer":{"batch":20260720,"id":"ACQ_S2I","merchantId":"12345678"},"amount":10.01,"authorizationCode":"283425","currency":"USD","id":"TXN-1","type":"PAYMENT"},
 "version":"74"}`;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function realSuccess(): { [key: string]: Json } {
  return JSON.parse(REAL_SUCCESS_TEXT) as { [key: string]: Json };
}

/** The same body with the risk group moved to where the spec's table puts it. */
export function successWithRiskInResponse(): { [key: string]: Json } {
  const body = realSuccess();
  const risk = body['risk'] as { [key: string]: Json };
  const response = body['response'] as { [key: string]: Json };
  response['risk'] = risk['response'] ?? null;
  delete body['risk'];
  return body;
}

export const FIELD_ERROR = {
  result: 'ERROR',
  error: {
    cause: 'INVALID_REQUEST',
    explanation: "Value '0.00' is invalid. Transaction or order amount must be greater than zero",
    field: 'order.amount',
    validationType: 'INVALID',
  },
};

export const BAD_CREDENTIALS = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: 'Invalid credentials.' } };

export const UNSUPPORTED_VERSION = { result: 'ERROR', error: { cause: 'INVALID_REQUEST', explanation: "Unsupported value for 'version = 80'" } };

export const OFFERS_TEXT = `{"success":true,"message":null,"data":{"sessionID":"SESS-42","offers":[
 {"id":7,"childId":71,"name":"24 months","installment":254.23,"interest":19.90,"dae":21.8,"total_credit_amount":6101.52,"loan_amount":5000,"analysis_fee":150.00,"credit_period_months":24},
 {"id":3,"childId":31,"name":"12 months | promo","installment":416.67,"interest":0,"dae":0,"total_credit_amount":5000,"loan_amount":5000,"analysis_fee":0,"credit_period_months":12}]}}`;
