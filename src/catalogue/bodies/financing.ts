/** Financing partner API request bodies (login, offers). The spec states no required fields for offers. */
import { bool, email, integer, payerUrl, price, text, url } from '../formats';
import { arr, obj, req, type ObjectNode } from '../fieldTree';
import { FINANCED_CART, FINANCED_PERIOD } from '../financingLimits';

const NOT_SHOWN = 'Whether it is required is not shown in the spec.';
/** A browser or the lender's server goes there: http(s) only. */
const WEB_ADDRESS = { pattern: /^https?:\/\/\S+$/, patternHint: 'an http or https URL such as https://shop.example/callback', example: 'https://shop.example/callback' };
/** Rules the spec does not state but the partner (and so the simulator) enforces: declared here, once. */
const PARTNER = 'The partner (and the simulator) requires it.';

export function loginBody(): ObjectNode {
  return obj(undefined, {
    email: req(email('Partner account e-mail. Login is the only endpoint that takes credentials.', { label: 'E-mail', example: 'partner@example.com' })),
    password: req(text(undefined, undefined, 'Partner account password.', { label: 'Password', example: 'secret' })),
  });
}

export function offersBody(opts: { selectFirst: boolean }): ObjectNode {
  const product = obj('Products', {
    name: req(text(1, undefined, `Product name, not empty. ${PARTNER}`, { example: 'Laptop' })),
    ...(opts.selectFirst ? {} : { category: integer(undefined, undefined, `Product category (integer); only in the list-of-offers variant, not with selectFirst=true. ${NOT_SHOWN}`) }),
    price: req(price(`Unit price: a JSON number greater than 0 with at most 2 decimals. ${PARTNER}`, { example: 999.99 })),
    quantity: req(integer(1, undefined, `Quantity: a whole number of at least 1. ${PARTNER}`)),
  });
  return obj('Offer request', {
    products: req(arr(product, {
      group: 'Products',
      minItems: 1,
      help: `The cart: product lines, at least one. The partner finances a cart whose total (price × quantity summed) is from ${FINANCED_CART.min} to ${FINANCED_CART.max} (the simulated partner's limits; the real ones are not public).${opts.selectFirst ? ' With selectFirst=true product lines carry no category.' : ''}`,
    })),
    insurance: bool(`Whether insurance is requested. ${NOT_SHOWN}`),
    due_date: integer(undefined, undefined, `Due date (integer; exact meaning not shown). ${NOT_SHOWN}`, { label: 'Due date' }),
    credit_period: integer(FINANCED_PERIOD.min, FINANCED_PERIOD.max, `Requested credit period in months, ${FINANCED_PERIOD.min} to ${FINANCED_PERIOD.max} (the simulated partner's plans). ${NOT_SHOWN}`, { label: 'Credit period', example: 12 }),
    gdpr: bool(`GDPR consent flag (exact meaning not shown). ${NOT_SHOWN}`, { label: 'GDPR' }),
    offerId: integer(undefined, undefined, `Offer id (integer; exact meaning not shown). ${NOT_SHOWN}`, { label: 'Offer id' }),
    phone_number: text(undefined, undefined, `Consumer phone. ${NOT_SHOWN}`, { label: 'Phone number' }),
    email_address: email(`Consumer e-mail. ${NOT_SHOWN}`, { label: 'E-mail address' }),
    first_name: text(undefined, undefined, `Consumer first name. ${NOT_SHOWN}`, { label: 'First name' }),
    last_name: text(undefined, undefined, `Consumer last name. ${NOT_SHOWN}`, { label: 'Last name' }),
    external_id: externalId(opts.selectFirst),
    redirect_url: payerUrl(undefined, undefined, `Partner address the consumer's browser returns to (http or https); may carry query parameters. ${NOT_SHOWN}`, { label: 'Redirect URL', example: 'https://shop.example/financing-return' }),
    callback_url: url(undefined, undefined, `Partner address the lender posts status callbacks to (http or https). ${NOT_SHOWN}`, { label: 'Callback URL', ...WEB_ADDRESS, receives: 'financing' }),
    loyalty_code: text(undefined, undefined, `Loyalty code (exact meaning not shown). ${NOT_SHOWN}`, { label: 'Loyalty code' }),
  });
}

/**
 * The partner's own order reference, which callbacks name as order_id. With selectFirst=true the
 * consumer continues on the partner's page and only callbacks tell the outcome, so it is required.
 */
function externalId(selectFirst: boolean) {
  const node = integer(undefined, undefined, selectFirst
    ? `Partner's own order reference (integer), named as order_id in status callbacks. Required with selectFirst=true: the callbacks are the only news of the outcome. ${PARTNER}`
    : `Partner's own order reference (integer), named as order_id in status callbacks. ${NOT_SHOWN}`, {
    label: 'External id', example: 1001,
    textAccepted: 'the real partner accepts an order reference as text',
  });
  return selectFirst ? req(node) : node;
}
