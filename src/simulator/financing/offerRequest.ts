import { isObject, type JsonObject } from '../jsonText';
import { MAX_CART_CENTS, MAX_PERIOD, MIN_CART_CENTS, MIN_PERIOD } from './offers';

/**
 * Checks an offers body the way the lender would, answering the first problem as
 * "<field>: <what is wrong>" (the spec only says `success:false` with a message; naming the field is
 * what makes the message useful). Which fields are required is not public: the simulator requires the
 * cart, and for selectFirst also external_id (the callback needs it to name the order).
 */

export interface OfferRequest {
  cartCents: number;
  creditPeriod?: number;
  externalId?: number;
  callbackUrl?: string;
  redirectUrl?: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function checkOfferRequest(body: unknown, selectFirst: boolean): Checked<OfferRequest> {
  if (!isObject(body)) return { ok: false, message: 'body: must be a JSON object' };
  const fail = (message: string): Checked<OfferRequest> => ({ ok: false, message });

  const products = body['products'];
  if (products === undefined) return fail('products: is required');
  if (!Array.isArray(products) || products.length === 0) return fail('products: must be a non-empty array');
  let cartCents = 0;
  for (const [index, line] of products.entries()) {
    const at = `products[${index}]`;
    if (!isObject(line)) return fail(`${at}: must be an object`);
    if (typeof line['name'] !== 'string' || line['name'].trim() === '') return fail(`${at}.name: is required (a non-empty string)`);
    const price = line['price'];
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return fail(`${at}.price: must be a number greater than 0`);
    if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) return fail(`${at}.price: must have at most 2 decimals`);
    const quantity = line['quantity'];
    if (!Number.isInteger(quantity) || (quantity as number) < 1) return fail(`${at}.quantity: must be an integer of at least 1`);
    if (selectFirst && 'category' in line) return fail(`${at}.category: not allowed with selectFirst=true`);
    if ('category' in line && !Number.isInteger(line['category'])) return fail(`${at}.category: must be an integer`);
    cartCents += Math.round(price * 100) * (quantity as number);
  }
  if (cartCents < MIN_CART_CENTS || cartCents > MAX_CART_CENTS) {
    return fail(`products: cart total ${(cartCents / 100).toFixed(2)} is outside the financed range ${MIN_CART_CENTS / 100}–${MAX_CART_CENTS / 100}`);
  }

  const problem = checkOptionalFields(body);
  if (problem) return fail(problem);
  if (selectFirst && body['external_id'] === undefined) return fail('external_id: is required with selectFirst=true');

  const value: OfferRequest = { cartCents };
  if (typeof body['credit_period'] === 'number') value.creditPeriod = body['credit_period'];
  if (typeof body['external_id'] === 'number') value.externalId = body['external_id'];
  if (typeof body['callback_url'] === 'string') value.callbackUrl = body['callback_url'];
  if (typeof body['redirect_url'] === 'string') value.redirectUrl = body['redirect_url'];
  return { ok: true, value };
}

function checkOptionalFields(body: JsonObject): string | undefined {
  const integer = (name: string, min = -Infinity, max = Infinity): string | undefined => {
    const v = body[name];
    if (v === undefined) return undefined;
    if (!Number.isInteger(v)) return `${name}: must be an integer`;
    if ((v as number) < min || (v as number) > max) return `${name}: must be from ${min} to ${max}`;
    return undefined;
  };
  const boolean = (name: string): string | undefined => (body[name] === undefined || typeof body[name] === 'boolean' ? undefined : `${name}: must be true or false`);
  const text = (name: string): string | undefined => (body[name] === undefined || typeof body[name] === 'string' ? undefined : `${name}: must be a string`);
  const url = (name: string): string | undefined => {
    const v = body[name];
    if (v === undefined) return undefined;
    return typeof v === 'string' && isUrl(v) ? undefined : `${name}: must be an http(s) URL`;
  };
  const email = body['email_address'];
  return (
    integer('credit_period', MIN_PERIOD, MAX_PERIOD) ??
    integer('due_date') ??
    integer('offerId') ??
    integer('external_id') ??
    boolean('insurance') ??
    boolean('gdpr') ??
    text('phone_number') ??
    text('first_name') ??
    text('last_name') ??
    text('loyalty_code') ??
    (email !== undefined && (typeof email !== 'string' || !EMAIL.test(email)) ? 'email_address: must be an e-mail address' : undefined) ??
    url('redirect_url') ??
    url('callback_url')
  );
}
