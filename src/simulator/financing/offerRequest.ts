import { cartTotal } from '../../catalogue/rules/financing';
import { isObject } from '../jsonText';
import { financingProblem } from '../requestChecks';

/**
 * An offers body as the lender reads it. Every rule it must meet is the catalogue's (required cart,
 * prices, quantities, the financed cart range, external_id with selectFirst=true…), so the form, the
 * request-file diagnostics and the simulator say the same thing; this file only reads the values.
 */

interface OfferRequest {
  cartCents: number;
  creditPeriod?: number;
  /** The partner's order reference: a number as the spec types it, or text as the real partner also accepts. */
  externalId?: number | string;
  callbackUrl?: string;
  redirectUrl?: string;
}

type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkOfferRequest(body: unknown, selectFirst: boolean): Checked<OfferRequest> {
  const problem = financingProblem(selectFirst ? 'financing.offersSelectFirst' : 'financing.offers', body);
  if (problem) return { ok: false, message: problem };
  const total = cartTotal(body);
  if (!isObject(body) || !total) return { ok: false, message: 'products: the cart total cannot be computed' };
  const value: OfferRequest = { cartCents: Number((total.units * 100n) / 10n ** BigInt(total.scale)) };
  if (typeof body['credit_period'] === 'number') value.creditPeriod = body['credit_period'];
  const externalId = body['external_id'];
  if (typeof externalId === 'number' || typeof externalId === 'string') value.externalId = externalId;
  if (typeof body['callback_url'] === 'string') value.callbackUrl = body['callback_url'];
  if (typeof body['redirect_url'] === 'string') value.redirectUrl = body['redirect_url'];
  return { ok: true, value };
}
