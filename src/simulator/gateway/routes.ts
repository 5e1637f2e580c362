import { setTimeout as sleep } from 'node:timers/promises';
import type { SimContext } from '../context';
import { deepMerge, getString, isObject, jsonText, type JsonObject } from '../jsonText';
import { isAllowedTarget } from '../outbound';
import { catalogueCheck, refusalOf, type CatalogueIssue } from '../requestChecks';
import { jsonResponse, type SimRequest, type SimResponse } from '../types';
import { isAuthorized, type MerchantProfile } from './auth';
import { BROWSER_PAGE_PREFIX, browserPaymentPage, browserPaymentReturnPage, RETURN_PAGE, initiateBrowserPayment, type BrowserPaymentLocation } from './browserPayment';
import { authorize, pay, verify } from './cardOperations';
import { authenticatePayer, authenticationResponse, findAuthentication, initiateAuthentication } from './authentication';
import { CHALLENGE_PAGE_PREFIX, challengePage, type ChallengeLocation } from './challengePage';
import { badCredentials, fieldError, gatewayQuote, invalidRequest, missing, notFound, unsupportedVersion } from './errors';
import { capture, refund, updateAuthorization } from './followUpOperations';
import { lockFailure } from './lockFailure';
import { voidTransaction } from './voidOperation';
import type { OperationId } from '../../catalogue';
import { apiOperationsAt, emptyUserAllowed, knownVersion, operationByApiOperation, operationById, servedAs } from './operations';
import type { SelectedOperationId } from '../../catalogue';
import { servesVersion } from '../../catalogue';
import type { OpEnv } from './opEnv';
import { DEFAULT_MAX_ORDERS } from '../defaults';
import { orderFullExplanation, OrderStore } from './orders';
import { expectedNext, GATEWAY_PREFIX, isInformationPath, parseBody, parseTarget, pathProblem, versionSegment, type Target } from './requestParts';
import { retrieveOrderResponse, transactionResponse } from './responseBody';
import { createSession, readSession, updateSession } from './sessionRoutes';
import { useSession } from './sessionUse';
import { SessionStore } from './sessions';
import { SavedCardStore } from './savedCards';
import { HostedCheckout } from './hostedCheckout';
import { paymentOptions } from './paymentOptions';
import { handleToken, tokenRouteOf, unknownToken } from './tokenRoutes';
import { checkGateway } from './information';

/** What a matched path runs once the checks every route shares (version, JSON) are passed. */
type Route = () => SimResponse | Promise<SimResponse>;

/** The reads routed by path, each checked against its own first version. */
type ReadOperationId = 'gateway.retrieveOrder' | 'gateway.retrieveTransaction' | 'gateway.retrieveSession' | 'gateway.paymentOptionsInquiryGet' | 'gateway.checkGateway';

/** rest, version, {v}, merchant, {m}, order, {orderId}: what "After url path …" names for an order path. */
const ORDER_PATH_SEGMENTS = 7;

export { GATEWAY_PREFIX };

/**
 * The card gateway on /api/rest/version/{version}/merchant/{merchantId}/…:
 *   PUT  order/{orderId}/transaction/{transactionId}   Authorize, Update Authorization, Refund, Verify,
 *                                                      Initiate Browser Payment (by apiOperation)
 *   GET  order/{orderId}, order/{orderId}/transaction/{transactionId}   read the state back
 *   POST session                                       Create Session, or Initiate Checkout (apiOperation INITIATE_CHECKOUT; ≤ 62 CREATE_CHECKOUT_SESSION)
 *   PUT  session/{sessionId}, GET session/{sessionId}  Update Session, Retrieve Session
 *   POST token, PUT|GET|DELETE token/{tokenId}         saved cards (tokenRoutes.ts)
 *   GET|POST paymentOptionsInquiry                     card brands and currencies (paymentOptions.ts)
 *   GET  /api/rest/version/{version}/information        Check Gateway, no merchant, no credentials (information.ts)
 * Order of checks, as a client sees them: unknown version or path → 404; a body that is not JSON → 400
 * (the gateway parses before it authenticates); credentials → 401; field checks → 400; then the operation, which holds the order lock while it "processes"
 * (processingDelayMs), so overlapping operations on one order really collide (LOCK_FAILURE).
 */
export class GatewayApi {
  readonly orders: OrderStore;
  readonly sessions: SessionStore;
  readonly savedCards = new SavedCardStore();
  private readonly checkout: HostedCheckout;
  private readonly browserPayments = new Map<string, BrowserPaymentLocation>();
  private readonly challenges = new Map<string, ChallengeLocation>();

  constructor(
    private readonly ctx: SimContext,
    readonly merchants: ReadonlyMap<string, MerchantProfile>,
    private readonly processingDelayMs: number,
    maxOrders = DEFAULT_MAX_ORDERS,
  ) {
    this.sessions = new SessionStore(() => ctx.now().getTime());
    // A forgotten order takes its payer pages with it.
    this.orders = new OrderStore(maxOrders, (order) => {
      for (const txn of order.transactions.values()) if (txn.browserPayment) this.browserPayments.delete(txn.browserPayment.token);
      for (const auth of order.authentications?.values() ?? []) if (auth.challengeToken) this.challenges.delete(auth.challengeToken);
    });
    this.checkout = new HostedCheckout({ ctx, orders: this.orders, sessions: this.sessions, registerChallenge: (token, where) => this.challenges.set(token, where) });
  }

  async handle(req: SimRequest): Promise<SimResponse> {
    // The version comes first, on every path (Check Gateway's has no merchant): an unserved one is the version's 404.
    const version = versionSegment(req.path);
    if (version === undefined) return notFound();
    if (!knownVersion(version)) return unsupportedVersion(version);
    if (isInformationPath(req.path)) return this.information(req, version);
    const target = parseTarget(req.path);
    if (!target) return notFound();
    const route = this.route(req, target);
    if (typeof route !== 'function') return route;
    // The gateway reads the JSON before the credentials: a body that is not JSON is a 400 even with a wrong password.
    if (req.method === 'PUT' || req.method === 'POST') {
      const parsed = parseBody(req);
      if (!parsed.ok) return parsed.response;
    }
    return route();
  }

  /** Check Gateway: no merchant in the path and no credentials, so it answers anyone who asks with GET. */
  private information(req: SimRequest, version: string): SimResponse {
    if (req.method !== 'GET') return notFound();
    return this.read(req, { version, merchantId: '', rest: [] }, checkGateway, 'gateway.checkGateway');
  }

  /** What serves the path and method, or the 404 the gateway answers for it. */
  private route(req: SimRequest, target: Target): Route | SimResponse {
    const [first, second, third, fourth, ...extra] = target.rest;
    if (extra.length > 0) return notFound();
    if (first === 'order' && second !== undefined) return this.orderRoute(req, target, second, third, fourth);
    if (first === 'session' && third === undefined) {
      if (second === undefined && req.method === 'POST') return () => this.createSessionOrCheckout(req, target);
      if (second !== undefined && req.method === 'PUT') return () => updateSession(this, req, target, second);
      if (second !== undefined && req.method === 'GET') return () => this.read(req, target, () => readSession(this, target, second), 'gateway.retrieveSession');
    } else if (first === 'paymentOptionsInquiry' && second === undefined) {
      if (req.method === 'GET') return () => this.read(req, target, () => paymentOptions(target.merchantId, {}), 'gateway.paymentOptionsInquiryGet');
      if (req.method === 'POST') return () => this.paymentOptionsInquiry(req, target);
    } else if (first === 'token' && third === undefined) {
      const deps = { ctx: this.ctx, merchants: this.merchants, sessions: this.sessions, savedCards: this.savedCards, checkFields: this.checkFields.bind(this), firstError: this.firstError.bind(this) };
      if (tokenRouteOf(req.method, second) !== undefined) return () => handleToken(deps, req, target, second) ?? notFound();
    }
    return notFound();
  }

  /** …/order/{orderId}[/transaction/{transactionId}]: a transaction PUT, or a read. */
  private orderRoute(req: SimRequest, target: Target, orderId: string, third: string | undefined, transactionId: string | undefined): Route | SimResponse {
    if (third === 'transaction' && transactionId !== undefined) {
      if (req.method === 'PUT') return () => this.transaction(req, target, orderId, transactionId);
      if (req.method === 'GET') return () => this.read(req, target, () => this.readTransaction(target, orderId, transactionId), 'gateway.retrieveTransaction');
      return notFound();
    }
    if (third === undefined && req.method === 'GET') return () => this.read(req, target, () => this.readOrder(target, orderId), 'gateway.retrieveOrder');
    // A PUT cut short at the order, or another word after it (…/order/O/checkout): the gateway names what it expected.
    if (third !== 'transaction') return expectedNext(req.path, ORDER_PATH_SEGMENTS, 'transaction');
    return notFound();
  }

  /** The provider page of a browser payment (GET) and its buttons (POST …/return). */
  handlePage(req: SimRequest): SimResponse {
    const [token, action, orderId] = req.path.slice(BROWSER_PAGE_PREFIX.length).split('/');
    // GET after a browser payment or Hosted Checkout, POST after a 3-D Secure challenge.
    if (token === RETURN_PAGE && (req.method === 'GET' || req.method === 'POST')) return browserPaymentReturnPage(this.orders, action, orderId, req);
    return browserPaymentPage(this.ctx, this.orders, token ? this.browserPayments.get(token) : undefined, req, action);
  }

  /** The hosted payment page of Initiate Checkout, its buttons, and checkout.js (hostedCheckout.ts). */
  handleCheckoutPage(req: SimRequest): SimResponse {
    return this.checkout.handlePage(req);
  }

  private paymentOptionsInquiry(req: SimRequest, target: Target): SimResponse {
    if (!isAuthorized(req, this.merchant(target), false)) return badCredentials();
    const parsed = parseBody(req);
    if (!parsed.ok) return parsed.response;
    const checked = this.checkFields({ id: 'gateway.paymentOptionsInquiry' }, target.version, parsed.body);
    return 'problem' in checked ? checked.problem : paymentOptions(target.merchantId, checked.body);
  }

  /**
   * POST …/session is Create Session, or Hosted Checkout when the body names it (CREATE_CHECKOUT_SESSION up
   * to version 62, INITIATE_CHECKOUT from 63: the field check refuses the name the version does not use).
   */
  private createSessionOrCheckout(req: SimRequest, target: Target): SimResponse {
    const parsed = parseBody(req);
    const checkoutNames = (operationById('gateway.initiateCheckout').apiOperation ?? []).map((n) => n.name);
    if (!parsed.ok || !checkoutNames.includes(String(parsed.body['apiOperation']))) return createSession(this, req, target);
    const merchant = this.merchant(target);
    if (!isAuthorized(req, merchant, false) || !merchant) return badCredentials();
    const checked = this.checkFields({ id: 'gateway.initiateCheckout' }, target.version, parsed.body);
    if ('problem' in checked) return checked.problem;
    return this.checkout.initiate(merchant, target, checked.body);
  }

  /** The 3-D Secure challenge page (GET or POST {token}) and its form (POST {token}/complete). */
  handleChallengePage(req: SimRequest): SimResponse {
    const [token = '', action] = req.path.slice(CHALLENGE_PAGE_PREFIX.length).split('/');
    return challengePage(this.ctx, this.orders, this.challenges.get(token), req, action, token);
  }

  private merchant(target: Target): MerchantProfile | undefined {
    return this.merchants.get(target.merchantId);
  }

  /** A read (GET) of the operation `id`: below its first version the version's 404, then its credentials (none for Check Gateway). */
  private read(req: SimRequest, target: Target, answer: () => SimResponse, id: ReadOperationId): SimResponse {
    const def = operationById(id);
    if (!servesVersion(def, Number(target.version))) return unsupportedVersion(target.version);
    if (def.auth !== 'none' && !isAuthorized(req, this.merchant(target), emptyUserAllowed(def, Number(target.version)))) return badCredentials();
    return answer();
  }

  /**
   * Catalogue checks for the operation and version; the first error is reported, like the real
   * gateway. Otherwise the body as the gateway reads it (what it accepts although the spec says
   * otherwise, such as an amount sent as a number, in the spec's form).
   */
  checkFields(op: { id: OperationId }, version: string, body: JsonObject): { problem: SimResponse } | { body: JsonObject; undeclared: readonly string[] } {
    const checked = catalogueCheck(op.id, Number(version), body, this.ctx.now());
    const first = firstRefused(checked.errors);
    // Below the operation's first version the gateway has no such resource: the version's 404, on every route alike.
    if (first?.path === 'version') return { problem: unsupportedVersion(version) };
    if (first) return { problem: refusalOf(first, body) };
    return { body: isObject(checked.accepted) ? checked.accepted : body, undeclared: checked.undeclared };
  }

  /** The first catalogue error the simulator refuses the body for (checkFields' judgement, without the answer). */
  firstError(op: { id: OperationId }, version: string, body: JsonObject): CatalogueIssue | undefined {
    return firstRefused(catalogueCheck(op.id, Number(version), body, this.ctx.now()).errors);
  }

  private async transaction(req: SimRequest, target: Target, orderId: string, transactionId: string): Promise<SimResponse> {
    const parsed = parseBody(req);
    const apiOperation = parsed.ok ? getString(parsed.body, 'apiOperation') : undefined;
    const version = Number(target.version);
    const op = apiOperation ? operationByApiOperation(apiOperation, version) : undefined;
    const merchant = this.merchant(target);
    if (!isAuthorized(req, merchant, emptyUserAllowed(op?.def, version)) || !merchant) return badCredentials();
    if (!parsed.ok) return parsed.response;
    if (apiOperation === undefined) return missing('apiOperation');
    if (!op) return fieldError({ field: 'apiOperation', validationType: 'UNSUPPORTED', explanation: `Value ${gatewayQuote('apiOperation', apiOperation)} is not supported. The simulator serves ${apiOperationsAt(version).join(', ')} at version ${version}` });
    // Below the operation's first version the gateway has no such resource: the version's 404.
    if (!servesVersion(op.def, version)) return unsupportedVersion(target.version);
    if (!servedAs(op, version, apiOperation)) return fieldError({ field: 'apiOperation', validationType: 'UNSUPPORTED', explanation: `Value ${gatewayQuote('apiOperation', apiOperation)} is not supported at version ${version}` });
    const idProblem = pathProblem('orderId', orderId) ?? pathProblem('transactionId', transactionId);
    if (idProblem) return idProblem;
    const fields = this.checkFields(op, target.version, parsed.body);
    if ('problem' in fields) return fields.problem;

    let body = fields.body;
    const sessionId = getString(body, 'session.id');
    if (sessionId !== undefined) {
      // Provided fields override session fields, which override the token's card (the spec's precedence).
      const used = useSession(this, { operationId: op.id, merchantId: merchant.merchantId, version: target.version, sessionId, body });
      if ('problem' in used) return used.problem;
      body = used.body;
    }
    const token = getString(body, 'sourceOfFunds.token');
    if (token !== undefined && getString(body, 'sourceOfFunds.provided.card.number') === undefined) {
      const saved = this.savedCards.get(merchant.merchantId, token);
      if (!saved) return unknownToken(token, merchant.merchantId);
      body = deepMerge({ sourceOfFunds: { provided: { card: { number: saved.card.number, expiry: { month: saved.card.expiryMonth, year: saved.card.expiryYear } } } } }, body);
    }
    const env: OpEnv = {
      ctx: this.ctx,
      orders: this.orders,
      sessions: this.sessions,
      merchant,
      orderId,
      transactionId,
      version: target.version,
      body,
      registerBrowserPayment: (token) => this.browserPayments.set(token, { merchant, orderId, transactionId, version: target.version }),
    };

    if (!this.orders.tryLock(merchant.merchantId, orderId)) return lockFailure(env, op.id);
    try {
      if (this.processingDelayMs > 0) await sleep(this.processingDelayMs);
      const full = orderFullExplanation(this.orders.get(merchant.merchantId, orderId));
      if (full) return invalidRequest(full);
      return this.run(op.id, env);
    } finally {
      this.orders.release(merchant.merchantId, orderId);
    }
  }

  /** Every operation the record selects by apiOperation has its case: a missing one does not compile. */
  private run(id: SelectedOperationId, env: OpEnv): SimResponse {
    switch (id) {
      case 'gateway.authorize': return authorize(env);
      case 'gateway.verify': return verify(env);
      case 'gateway.refund': return refund(env);
      case 'gateway.updateAuthorization': return updateAuthorization(env);
      case 'gateway.capture': return capture(env);
      case 'gateway.void': return voidTransaction(env);
      case 'gateway.pay': return pay(env);
      case 'gateway.initiateBrowserPayment': return initiateBrowserPayment(env);
      case 'gateway.initiateAuthentication': return initiateAuthentication(env);
      case 'gateway.authenticatePayer': return this.withChallenge(env, authenticatePayer(env));
    }
  }

  /** Registers the challenge page of an Authenticate Payer that asked for one. */
  private withChallenge(env: OpEnv, response: SimResponse): SimResponse {
    const token = findAuthentication(this.orders.get(env.merchant.merchantId, env.orderId), env.transactionId)?.challengeToken;
    if (token && !this.challenges.has(token)) this.challenges.set(token, { merchant: env.merchant, orderId: env.orderId, transactionId: env.transactionId });
    return response;
  }

  private readOrder(target: Target, orderId: string): SimResponse {
    const order = this.orders.get(target.merchantId, orderId);
    if (!order) return invalidRequest(`Unable to find order ${orderId} for merchant ${target.merchantId}`);
    return jsonResponse(200, jsonText(retrieveOrderResponse(target.merchantId, order, target.version)));
  }

  private readTransaction(target: Target, orderId: string, transactionId: string): SimResponse {
    const order = this.orders.get(target.merchantId, orderId);
    if (!order) return invalidRequest(`Unable to find order ${orderId} for merchant ${target.merchantId}`);
    const auth = findAuthentication(order, transactionId);
    if (auth) return jsonResponse(200, jsonText(authenticationResponse(target.merchantId, order, auth, this.ctx.baseUrl, target.version)));
    const txn = order.transactions.get(transactionId);
    if (!txn) return invalidRequest(`Unable to find transaction ${transactionId} on order ${orderId} for merchant ${target.merchantId}`);
    return jsonResponse(200, jsonText(transactionResponse(target.merchantId, order, txn, target.version)));
  }

}

/** The spec wants https webhooks; the simulator also allows http on loopback so a local receiver works. */
function firstRefused(errors: readonly CatalogueIssue[]): CatalogueIssue | undefined {
  return errors.find((i) => !(i.path.endsWith('notificationUrl') && typeof i.value === 'string' && isAllowedTarget(i.value)));
}
