/** Financing partner API request bodies (login, offers). The spec states no required fields for offers. */
import { bool, email, integer, number, text, url } from '../formats';
import { arr, obj, req, type ObjectNode } from '../fieldTree';

const NOT_SHOWN = 'Whether it is required is not shown in the spec.';

export function loginBody(): ObjectNode {
  return obj(undefined, {
    email: req(email('Partner account e-mail. Login is the only endpoint that takes credentials.', { label: 'E-mail', example: 'partner@example.com' })),
    password: req(text(undefined, undefined, 'Partner account password.', { label: 'Password', example: 'secret' })),
  });
}

export function offersBody(opts: { selectFirst: boolean }): ObjectNode {
  const product = obj('Products', {
    name: text(undefined, undefined, `Product name. ${NOT_SHOWN}`, { example: 'Laptop' }),
    ...(opts.selectFirst ? {} : { category: integer(undefined, undefined, `Product category (integer); only in the list-of-offers variant, not with selectFirst=true. ${NOT_SHOWN}`) }),
    price: number(`Unit price (JSON number). ${NOT_SHOWN}`, { example: 999.99 }),
    quantity: integer(undefined, undefined, `Quantity (integer). ${NOT_SHOWN}`),
  });
  return obj('Offer request', {
    products: req(arr(product, {
      group: 'Products',
      help: `The cart: product lines. The spec does not say which fields are required; only products is marked required here because an offer needs a cart.${opts.selectFirst ? ' With selectFirst=true product lines carry no category.' : ''}`,
    })),
    insurance: bool(`Whether insurance is requested. ${NOT_SHOWN}`),
    due_date: integer(undefined, undefined, `Due date (integer; exact meaning not shown). ${NOT_SHOWN}`, { label: 'Due date' }),
    credit_period: integer(undefined, undefined, `Requested credit period (integer). ${NOT_SHOWN}`, { label: 'Credit period', example: 12 }),
    gdpr: bool(`GDPR consent flag (exact meaning not shown). ${NOT_SHOWN}`, { label: 'GDPR' }),
    offerId: integer(undefined, undefined, `Offer id (integer; exact meaning not shown). ${NOT_SHOWN}`, { label: 'Offer id' }),
    phone_number: text(undefined, undefined, `Consumer phone. ${NOT_SHOWN}`, { label: 'Phone number' }),
    email_address: email(`Consumer e-mail. ${NOT_SHOWN}`, { label: 'E-mail address' }),
    first_name: text(undefined, undefined, `Consumer first name. ${NOT_SHOWN}`, { label: 'First name' }),
    last_name: text(undefined, undefined, `Consumer last name. ${NOT_SHOWN}`, { label: 'Last name' }),
    external_id: integer(undefined, undefined, `Partner's own order reference (integer). ${NOT_SHOWN}`, { label: 'External id' }),
    redirect_url: url(undefined, undefined, `Partner address the consumer returns to; may carry query parameters. ${NOT_SHOWN}`, { label: 'Redirect URL' }),
    callback_url: url(undefined, undefined, `Partner address for status callbacks. ${NOT_SHOWN}`, { label: 'Callback URL' }),
    loyalty_code: text(undefined, undefined, `Loyalty code (exact meaning not shown). ${NOT_SHOWN}`, { label: 'Loyalty code' }),
  });
}
