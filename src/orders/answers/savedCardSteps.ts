/**
 * Next steps after a session or token answer (Create/Update/Retrieve Session, Create/Update/
 * Retrieve Token): fill the session, pay with it, save its card, pay with the token, read or delete
 * it. The ids come from the response, with a note saying so. No vscode here.
 */
import type { Exchange } from '../../send/exchange';
import type { NextStep } from './nextStep';
import { wasRefused } from '../refused';

const SESSION_OPERATIONS: ReadonlySet<string> = new Set(['gateway.createSession', 'gateway.updateSession', 'gateway.updateSessionAsPayer', 'gateway.retrieveSession']);
const TOKEN_OPERATIONS: ReadonlySet<string> = new Set(['gateway.createToken', 'gateway.updateToken', 'gateway.retrieveToken']);

function answerText(e: Exchange, path: readonly string[]): string | undefined {
  if (!e.response || e.response.status >= 300) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(e.response.bodyText);
  } catch {
    return undefined;
  }
  for (const key of path) value = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Steps for a session or token answer; undefined for any other operation. */
export function savedCardSteps(e: Exchange): NextStep[] | undefined {
  const source = `the ${e.operationTitle} response`;
  const ours = SESSION_OPERATIONS.has(e.operationId) || TOKEN_OPERATIONS.has(e.operationId) || e.operationId === 'gateway.initiateCheckout';
  // A refused request offers nothing, as on an order: the session it names may not exist or not hold the card.
  if (ours && wasRefused(e)) return [];
  if (SESSION_OPERATIONS.has(e.operationId)) {
    const id = answerText(e, ['session', 'id']) ?? e.params['sessionId'];
    return id ? sessionSteps(id, e.operationId, source) : [];
  }
  if (e.operationId === 'gateway.initiateCheckout') return checkoutSteps(e, source);
  if (TOKEN_OPERATIONS.has(e.operationId)) {
    const token = answerText(e, ['token']);
    return token ? tokenSteps(token, source) : [];
  }
  return undefined;
}

function sessionSteps(id: string, operationId: string, source: string): NextStep[] {
  const note = { 'session.id': `Session ${id}, from ${source}.` };
  const steps: NextStep[] = [];
  if (operationId === 'gateway.createSession' || operationId === 'gateway.retrieveSession') {
    steps.push({ operationId: 'gateway.updateSession', label: 'Update Session (add the card)…', params: { sessionId: id }, fieldNotes: { sessionId: `From ${source}.` } });
  }
  if (operationId !== 'gateway.createSession') {
    steps.push(
      { operationId: 'gateway.pay', label: 'Pay with this session…', params: {}, body: { apiOperation: 'PAY', session: { id } }, fieldNotes: note },
      { operationId: 'gateway.createToken', label: 'Save its card as a token…', params: {}, body: { session: { id }, sourceOfFunds: { type: 'CARD' } }, fieldNotes: note },
    );
  }
  if (operationId !== 'gateway.retrieveSession') steps.push({ operationId: 'gateway.retrieveSession', label: 'Retrieve Session', params: { sessionId: id }, fieldNotes: { sessionId: `From ${source}.` } });
  return steps;
}

/** After Initiate Checkout: once the payer is back, compare the indicators, then read the order. */
function checkoutSteps(e: Exchange, source: string): NextStep[] {
  const body = e.request.body;
  const order = typeof body === 'object' && body !== null ? (body as { order?: { id?: unknown } }).order : undefined;
  const orderId = typeof order?.id === 'string' ? order.id : undefined;
  const indicator = answerText(e, ['successIndicator']);
  if (!orderId) return [];
  const why = indicator ? `resultIndicator = ${indicator} means paid` : 'check the result';
  return [{ operationId: 'gateway.retrieveOrder', label: `Check the result: Retrieve Order (${why})`, params: { orderId }, fieldNotes: { orderId: `order.id of the Initiate Checkout request, from ${source}.` } }];
}

function tokenSteps(token: string, source: string): NextStep[] {
  const param = { tokenId: `Token ${token}, from ${source}.` };
  return [
    { operationId: 'gateway.pay', label: 'Pay with this token…', params: {}, body: { apiOperation: 'PAY', sourceOfFunds: { token } }, fieldNotes: { 'sourceOfFunds.token': `Token ${token}, from ${source}.` } },
    { operationId: 'gateway.retrieveToken', label: 'Retrieve Token', params: { tokenId: token }, fieldNotes: param },
    { operationId: 'gateway.deleteToken', label: 'Delete Token…', params: { tokenId: token }, fieldNotes: param },
  ];
}
