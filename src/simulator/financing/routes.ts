import { jsonText, isObject, type JsonOut } from '../jsonText';
import { financingProblem } from '../requestChecks';
import type { SimContext } from '../context';
import { redirectTo, simulatorPage } from '../pages';
import { escapeHtml, headerValue, jsonResponse, type SimRequest, type SimResponse } from '../types';
import { jsonBoundsProblem } from '../../json/bounds';
import { ApplicationStore, isFinalDecision } from './applications';
import { checkOfferRequest } from './offerRequest';
import { offersFor } from './offers';
import { applicationPage } from './sessionPage';
import type { TokenStore } from './tokens';

/**
 * The financing partner API on /api/online/*, and the consumer's session page under
 * /_simulator/financing/*. Error answers: 400 for a bad body, 401 for bad credentials or tokens, both
 * as {success:false, message:"<field>: <what is wrong>"} (the real status codes are not public; a
 * real client treats "status not ok" or success:false as an error, so both agree).
 */

export const FINANCING_PREFIX = '/api/online/';
export const FINANCING_PAGE_PREFIX = '/_simulator/financing/';

function failure(status: number, message: string): SimResponse {
  return jsonResponse(status, jsonText({ success: false, message, data: null }));
}

function ok(body: JsonOut): SimResponse {
  return jsonResponse(200, jsonText(body));
}

/** Parses an optional JSON body; `undefined` for an empty one. */
function parseBody(req: SimRequest): { ok: true; value: unknown } | { ok: false; message: string } {
  const text = req.rawBody.toString('utf8').trim();
  if (text === '') return { ok: true, value: undefined };
  const tooMuch = jsonBoundsProblem(text);
  if (tooMuch) return { ok: false, message: `body: ${tooMuch.problem} (at character ${tooMuch.offset + 1}; the simulator's bound, real bodies are far smaller)` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: `body: not valid JSON (${(e as Error).message})` };
  }
}

function bearer(req: SimRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(headerValue(req.headers, 'authorization') ?? '')?.[1];
}

const messagePage = (status: number, title: string, text: string): SimResponse => simulatorPage({ status, title, body: `<p>${escapeHtml(text)}</p>` });

export class FinancingApi {
  readonly applications = new ApplicationStore();

  constructor(
    private readonly ctx: SimContext,
    private readonly accounts: ReadonlyMap<string, string>,
    private readonly tokens: TokenStore,
  ) {}

  handle(req: SimRequest): SimResponse {
    const endpoint = req.path.slice(FINANCING_PREFIX.length);
    if (!['login', 'refreshToken', 'logout', 'offers'].includes(endpoint)) return failure(404, `path: no endpoint ${req.path}`);
    if (req.method !== 'POST') return { ...failure(405, `method: ${endpoint} takes POST`), headers: { 'content-type': 'application/json; charset=utf-8', allow: 'POST' } };
    const body = parseBody(req);
    if (!body.ok) return failure(400, body.message);
    switch (endpoint) {
      case 'login': return this.login(body.value);
      case 'refreshToken': return this.refresh(req);
      case 'logout': return this.logout(req);
      default: return this.offers(req, body.value);
    }
  }

  private login(body: unknown): SimResponse {
    if (!isObject(body)) return failure(400, 'body: must be a JSON object with email and password');
    const problem = financingProblem('financing.login', body);
    if (problem) return failure(400, problem);
    const { email, password } = body;
    if (email === undefined) return failure(400, 'email: is required');
    if (typeof email !== 'string') return failure(400, 'email: must be a string');
    if (password === undefined) return failure(400, 'password: is required');
    if (typeof password !== 'string') return failure(400, 'password: must be a string');
    const expected = this.accounts.get(email.toLowerCase());
    if (expected === undefined || expected !== password) return failure(401, 'email: unknown account, or the password is wrong');
    return ok({ ...this.tokens.issue(email.toLowerCase()) });
  }

  private refresh(req: SimRequest): SimResponse {
    const presented = headerValue(req.headers, 'refreshtoken')?.trim();
    if (!presented) return failure(401, 'RefreshToken: header is missing');
    const set = this.tokens.refresh(presented);
    if (!set) return failure(401, 'RefreshToken: unknown, expired or already used (refresh tokens are single-use)');
    return ok({ ...set });
  }

  private logout(req: SimRequest): SimResponse {
    const token = bearer(req);
    if (!token) return failure(401, 'Authorization: Bearer access token is missing');
    if (!this.tokens.logout(token)) return failure(401, 'Authorization: unknown or already closed session');
    return ok({ message: 'Session closed' });
  }

  private offers(req: SimRequest, body: unknown): SimResponse {
    const check = this.tokens.checkAccess(bearer(req));
    if (!check.ok) {
      const why = { missing: 'Bearer access token is missing', unknown: 'access token is unknown or its session was closed', expired: 'access token has expired' }[check.reason];
      return failure(401, `Authorization: ${why}`);
    }
    const selectFirst = req.query.get('selectFirst') === 'true';
    // Every rule is the catalogue's (one declaration): checkOfferRequest asks it, then reads the values.
    const parsed = checkOfferRequest(body, selectFirst);
    if (!parsed.ok) return failure(400, parsed.message);
    const offers = offersFor(parsed.value.cartCents, parsed.value.creditPeriod);
    // selectFirst: the requested period's offer when there is one, else the first.
    const chosen = offers.find((o) => o.credit_period_months === parsed.value.creditPeriod) ?? offers[0];
    if (!chosen) return failure(500, 'offers: none computed');
    const app = this.applications.create({
      offer: chosen,
      createdAt: this.ctx.now().toISOString(),
      ...(parsed.value.externalId !== undefined ? { externalId: parsed.value.externalId } : {}),
      ...(parsed.value.callbackUrl ? { callbackUrl: parsed.value.callbackUrl } : {}),
      ...(parsed.value.redirectUrl ? { redirectUrl: parsed.value.redirectUrl } : {}),
    });
    if (selectFirst) return ok({ success: true, message: null, data: { sessionUrl: `${this.ctx.baseUrl}${FINANCING_PAGE_PREFIX}${app.id}` } });
    return ok({ success: true, message: null, data: { offers: offers.map((o) => ({ ...o })), sessionID: app.id } });
  }

  /** GET /_simulator/financing/{id} (opens: Started) and POST …/{id}/decision (status=Disbursed|Rejected|Cancelled|Expired). */
  handlePage(req: SimRequest): SimResponse {
    const [id, action] = req.path.slice(FINANCING_PAGE_PREFIX.length).split('/');
    const app = id ? this.applications.get(id) : undefined;
    if (!app) return messagePage(404, 'Not found', 'No such financing session.');
    // Relative to the page (…/financing/<id>), so a path-prefix proxy (code-server's /proxy/<port>/) keeps it.
    const decisionUrl = `${app.id}/decision`;
    if (req.method === 'GET' && action === undefined) {
      if (app.status === 'New') this.setStatus(app.id, 'Started');
      return applicationPage(app, decisionUrl);
    }
    if (req.method === 'POST' && action === 'decision') {
      const status = new URLSearchParams(req.rawBody.toString('utf8')).get('status');
      if (!isFinalDecision(status)) return messagePage(400, 'Unknown decision', 'status must be Disbursed, Rejected, Cancelled or Expired.');
      if (app.status === 'New' || app.status === 'Started') {
        if (app.status === 'New') this.setStatus(app.id, 'Started');
        this.setStatus(app.id, status);
      }
      // Without a merchant page to return to, back to this page (relative to …/<id>/decision, for the proxy's sake).
      return redirectTo(app.redirectUrl ?? `../${app.id}`);
    }
    return messagePage(405, 'Not allowed', 'Use GET to view, POST …/decision to decide.');
  }

  private setStatus(id: string, status: 'Started' | 'Disbursed' | 'Rejected' | 'Cancelled' | 'Expired'): void {
    const app = this.applications.get(id);
    if (!app) return;
    app.status = status;
    if (app.callbackUrl) this.ctx.notify({ kind: 'callback', url: app.callbackUrl, body: jsonText({ order_id: app.externalId ?? null, status }) });
  }
}
