import { randomBytes } from 'node:crypto';
import { testCardByNumber } from '../../catalogue/testCards';
import { DecimalNumber, getString, jsonText, type JsonOut } from '../jsonText';
import { formatAmount, parseAmount } from '../money';
import { escapeHtml, jsonResponse, type SimResponse } from '../types';
import { cardFrom, invalidCardNumber, sourceOfFundsView } from './cards';
import { fieldError, invalidRequest, invalidValue, missing } from './errors';
import type { OpEnv } from './opEnv';
import { deviceEcho, isResponse, notificationUrlOf, notifyOrderChange, nowText, requiredAmount, requiredCurrency } from './opHelpers';
import { shapeAnswer } from './answerShape';
import type { OrderRecord } from './orders';
import { orderView } from './responseBody';
import { FRICTIONLESS_STATUS, authenticationSchemeOf, authenticationTokenOf, dsTransactionIdOf, stateOf, type AuthenticationRecord } from './authenticationRecord';

/**
 * Initiate Authentication and Authenticate Payer (public API reference v100). The card picks the
 * behaviour (catalogue/testCards.ts); a challenge card answers PENDING with a redirect.html that sends
 * the payer's browser to the challenge page (challengePage.ts), where the payer picks the outcome.
 */

export const CHALLENGE_PAGE_PREFIX = '/_simulator/3ds-challenge/';

function authenticationsOf(order: OrderRecord): Map<string, AuthenticationRecord> {
  order.authentications ??= new Map();
  return order.authentications;
}

export function findAuthentication(order: OrderRecord | undefined, transactionId: string): AuthenticationRecord | undefined {
  return order?.authentications?.get(transactionId);
}

/** The 3DS Method frame: the real one posts device data to the issuer's ACS; the simulator's is an empty hidden frame. */
const METHOD_HTML = '<div id="initiate3dsSimpleRedirect"><iframe id="methodFrame" name="methodFrame" title="3DS Method" hidden></iframe></div>';

export function initiateAuthentication(env: OpEnv): SimResponse {
  const card = cardFrom(env.body);
  if (!card) return missing('sourceOfFunds.provided.card.number');
  if (!card.fromToken && !/^\d{12,19}$/.test(card.number)) return invalidCardNumber(card.number);
  const currency = requiredCurrency(env, 'order.currency');
  if (isResponse(currency)) return currency;
  const notificationUrl = notificationUrlOf(env);
  if (isResponse(notificationUrl)) return notificationUrl;
  const existing = env.orders.get(env.merchant.merchantId, env.orderId);
  if (existing?.transactions.has(env.transactionId) || findAuthentication(existing, env.transactionId)) {
    return fieldError({ field: 'transaction.id', validationType: 'INVALID', explanation: `Value '${env.transactionId}' is invalid. Transaction '${env.transactionId}' already exists on order ${env.orderId}; authenticate again with a new transaction id` });
  }
  if (existing && [...existing.transactions.values()].some((t) => t.result === 'SUCCESS' && t.type !== 'VERIFICATION')) {
    return invalidRequest(`Order ${env.orderId} is already ${existing.status}; authenticate a new payment on a new order id`);
  }
  const time = nowText(env);
  const orderReference = getString(env.body, 'order.reference');
  const order = existing ?? env.orders.create({
    merchantId: env.merchant.merchantId, id: env.orderId, amount: 0n, currency, status: 'INITIATED', creationTime: time,
    ...(notificationUrl ? { notificationUrl } : {}),
    ...(orderReference ? { reference: orderReference } : {}),
  });
  if (orderReference && !order.reference) order.reference = orderReference;
  const record: AuthenticationRecord = {
    id: env.transactionId,
    // Cards outside the table authenticate frictionlessly, as ordinary cards are approved in test mode.
    behaviour: testCardByNumber(card.number)?.threeDS ?? 'frictionless',
    currency,
    stage: 'initiated',
    sourceOfFunds: sourceOfFundsView(card),
    timeOfRecord: time,
    version: env.version,
  };
  const correlationId = getString(env.body, 'correlationId');
  if (correlationId) record.correlationId = correlationId;
  const reference = getString(env.body, 'transaction.reference');
  if (reference) record.reference = reference;
  record.requested = {
    acceptVersions: getString(env.body, 'authentication.acceptVersions'),
    channel: getString(env.body, 'authentication.channel'),
    purpose: getString(env.body, 'authentication.purpose'),
  };
  authenticationsOf(order).set(record.id, record);
  return commitAuthentication(env, order, record);
}

export function authenticatePayer(env: OpEnv): SimResponse {
  const order = env.orders.get(env.merchant.merchantId, env.orderId);
  const record = findAuthentication(order, env.transactionId);
  if (!order || !record) return invalidRequest(`No Initiate Authentication for order ${env.orderId} and transaction ${env.transactionId}; Authenticate Payer uses the same order and transaction ids as Initiate Authentication`);
  if (record.stage !== 'initiated') return invalidRequest(`Authenticate Payer was already sent for transaction ${record.id} on order ${order.id}; start a new authentication with a new transaction id`);
  const amount = requiredAmount(env, 'order.amount');
  if (isResponse(amount)) return amount;
  const currency = requiredCurrency(env, 'order.currency');
  if (isResponse(currency)) return currency;
  if (currency !== record.currency) return invalidValue('order.currency', currency, `Currency must be ${record.currency}, the currency of Initiate Authentication`);
  if (record.behaviour === 'notEnrolled') return invalidRequest(`Authentication is not available for this card (authentication.version NONE on Initiate Authentication); pay without authentication.transactionId`);
  record.amount = amount;
  order.amount = amount;
  const device = deviceEcho(env.body);
  if (device) record.device = device;
  // Authenticate Payer's own correlationId and card (with its expiry) are what its answer echoes (P57, A78).
  const correlationId = getString(env.body, 'correlationId');
  if (correlationId) record.correlationId = correlationId;
  const card = cardFrom(env.body);
  if (card && !card.fromToken) record.sourceOfFunds = sourceOfFundsView(card);
  const redirectResponseUrl = getString(env.body, 'authentication.redirectResponseUrl');
  if (redirectResponseUrl) record.redirectResponseUrl = redirectResponseUrl;
  record.timeOfRecord = nowText(env);
  const letter = FRICTIONLESS_STATUS[record.behaviour];
  if (letter) {
    record.stage = 'done';
    record.transStatus = letter;
  } else {
    if (!redirectResponseUrl) return missing('authentication.redirectResponseUrl');
    record.stage = 'challenge';
    record.transStatus = 'C';
    record.challengeToken = randomBytes(16).toString('hex');
  }
  return commitAuthentication(env, order, record);
}

/** The challenge form the payer's page runs: it posts to the simulator's challenge page inside the challenge frame. */
function challengeRedirectHtml(baseUrl: string, token: string): string {
  const action = escapeHtml(`${baseUrl}${CHALLENGE_PAGE_PREFIX}${token}`);
  return `<div id="threedsChallengeRedirect" style="height: 100vh"><form id="threedsChallengeRedirectForm" method="POST" action="${action}" target="challengeFrame"><input type="hidden" name="creq" value="${escapeHtml(token)}"></form><iframe id="challengeFrame" name="challengeFrame" width="100%" height="100%"></iframe><script id="authenticate-payer-script">var e=document.getElementById("threedsChallengeRedirectForm");if(e){e.submit();}</script></div>`;
}

/**
 * What Initiate Authentication and Authenticate Payer say of the directory server (A78:
 * glad-v78-initiate-authentication-card.json, glad-v78-initiate-authentication-session.json,
 * glad-v78-authenticate-payer-challenge.json). The simulator's initiate answer offers a 3DS Method frame,
 * as the session one does (methodSupported SUPPORTED, methodCompleted false); answerFields.ts keeps
 * methodCompleted off Authenticate Payer, whose v78 answer lacks it.
 */
function directoryServerView(record: AuthenticationRecord, initiated: boolean): { [key: string]: JsonOut } {
  return { ...authenticationSchemeOf(record), methodCompleted: initiated ? false : undefined, methodSupported: 'SUPPORTED', protocolVersion: '2.2.0' };
}

/** The order's status while only authentications are on it (the real gateway's AUTHENTICATION_* order states). */
function orderStatusOf(order: OrderRecord, state: { authenticationStatus: string }): string {
  if (order.transactions.size > 0) return order.status;
  if (state.authenticationStatus === 'AUTHENTICATION_SUCCESSFUL' || state.authenticationStatus === 'AUTHENTICATION_ATTEMPTED') return 'AUTHENTICATED';
  if (['AUTHENTICATION_FAILED', 'AUTHENTICATION_REJECTED', 'AUTHENTICATION_UNAVAILABLE'].includes(state.authenticationStatus)) return 'AUTHENTICATION_UNSUCCESSFUL';
  return 'AUTHENTICATION_INITIATED';
}

export function authenticationResponse(merchantId: string, order: OrderRecord, record: AuthenticationRecord, baseUrl: string, version: string): JsonOut {
  const state = stateOf(record);
  const letter = record.transStatus;
  const initiated = record.stage === 'initiated';
  const version3ds = record.behaviour === 'notEnrolled' ? 'NONE' : '3DS2';
  // A challenge already has the directory server's id: the v78 challenge answer shows it as 3ds.transactionId (A78).
  const dsTransactionId = letter ? dsTransactionIdOf(record) : undefined;
  const challenged = record.stage === 'challenge' || record.challengeToken !== undefined;
  const answer = {
    authentication: {
      ...(version3ds === '3DS2' && initiated ? { '3ds2': directoryServerView(record, true) } : {}),
      ...(version3ds === '3DS2' && !initiated ? {
        '3ds': state.eci || letter === 'Y' || letter === 'A' || letter === 'C' ? {
          acsEci: state.eci,
          authenticationToken: letter === 'Y' || letter === 'A' ? authenticationTokenOf(record) : undefined,
          transactionId: dsTransactionId,
        } : undefined,
        '3ds2': {
          ...directoryServerView(record, false),
          statusReasonCode: letter === 'N' || letter === 'R' ? '01' : letter === 'U' ? '08' : undefined,
          transactionStatus: letter,
          dsTransactionId,
        },
        // How the ACS authenticates a challenged payer: DYNAMIC (a one-time code) in the v78 challenge answer (A78).
        method: challenged ? 'DYNAMIC' : undefined,
        payerInteraction: challenged ? 'REQUIRED' : 'NOT_REQUIRED',
      } : {}),
      // Echoed as Initiate Authentication asked; answerFields.ts keeps them off Authenticate Payer's answer (A78).
      acceptVersions: record.requested?.acceptVersions,
      amount: record.amount !== undefined ? DecimalNumber.of(record.amount) : undefined,
      channel: record.requested?.channel,
      purpose: record.requested?.purpose,
      redirect: version3ds === 'NONE' ? undefined
        : initiated ? { html: METHOD_HTML }
        : record.stage === 'challenge' && record.challengeToken ? { html: challengeRedirectHtml(baseUrl, record.challengeToken) } : undefined,
      // redirectResponseUrl is not echoed: the v57 and v78 Authenticate Payer answers leave it out (answerFields.ts).
      time: initiated ? undefined : record.timeOfRecord,
      version: version3ds,
    },
    correlationId: record.correlationId,
    device: record.device,
    merchant: merchantId,
    order: {
      ...orderView(order),
      // Initiate Authentication's order has no amount yet (A78: both v78 answers); Authenticate Payer's has.
      amount: initiated ? undefined : DecimalNumber.of(order.amount),
      authenticationStatus: state.authenticationStatus,
      status: orderStatusOf(order, state),
      valueTransfer: { accountType: 'NOT_A_TRANSFER' },
    },
    response: { gatewayCode: state.gatewayCode, gatewayRecommendation: state.recommendation },
    result: state.result,
    sourceOfFunds: record.sourceOfFunds,
    timeOfLastUpdate: order.lastUpdatedTime,
    timeOfRecord: record.timeOfRecord,
    transaction: {
      // The acquirer's merchant id appears once the payer is authenticated (P57, A78), not on Initiate Authentication (A78).
      acquirer: initiated ? undefined : { merchantId: '12345678' },
      amount: DecimalNumber.of(record.amount ?? 0n),
      authenticationStatus: state.authenticationStatus,
      currency: record.currency,
      id: record.id,
      reference: record.reference,
      type: 'AUTHENTICATION',
    },
    version,
  };
  const operation = initiated ? 'gateway.initiateAuthentication' : 'gateway.authenticatePayer';
  return shapeAnswer(answer, { operation, version: Number(version), outcome: state.result === 'SUCCESS' ? 'approved' : 'declined' });
}

function commitAuthentication(env: OpEnv, order: OrderRecord, record: AuthenticationRecord): SimResponse {
  order.lastUpdatedTime = record.timeOfRecord;
  const body = jsonText(authenticationResponse(env.merchant.merchantId, order, record, env.ctx.baseUrl, env.version));
  notifyOrderChange(env, order, body);
  return jsonResponse(200, body);
}

/**
 * Pay and Authorize with authentication.transactionId: the refusal, or undefined when the
 * authentication of this order lets the payment through (Y or A, this currency, at most its amount).
 * The reference's wording for these refusals was not found; the texts say what the gateway checks.
 */
export function authenticationRefusal(env: OpEnv, order: OrderRecord | undefined): SimResponse | undefined {
  const id = getString(env.body, 'authentication.transactionId');
  if (id === undefined) return undefined;
  const field = 'authentication.transactionId';
  const record = findAuthentication(order, id);
  if (!record) return invalidValue(field, id, `No 3-D Secure authentication with transaction id '${id}' on order ${env.orderId}; a payment uses an authentication of its own order`);
  if (record.stage !== 'done') return invalidValue(field, id, `Authentication '${id}' on order ${env.orderId} has not completed (${stateOf(record).authenticationStatus}); the payer must finish the challenge first`);
  const state = stateOf(record);
  if (record.transStatus !== 'Y' && record.transStatus !== 'A') {
    return invalidValue(field, id, `Authentication '${id}' on order ${env.orderId} was not successful (transactionStatus ${record.transStatus ?? '?'}, ${state.authenticationStatus}); pay only after a Y or A authentication, or ask the payer for another card`);
  }
  const currency = getString(env.body, 'order.currency');
  if (currency !== undefined && currency !== record.currency) return invalidValue('order.currency', currency, `Currency must be ${record.currency}, the currency authentication '${id}' was for`);
  const amountText = getString(env.body, 'order.amount');
  const amount = amountText !== undefined ? parseAmount(amountText) : undefined;
  if (amount !== undefined && record.amount !== undefined && amount > record.amount) {
    return invalidValue('order.amount', amountText ?? '', `Amount is more than the ${formatAmount(record.amount)} ${record.currency} authentication '${id}' authenticated`);
  }
  return undefined;
}
