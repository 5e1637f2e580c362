/**
 * Initiate Checkout (Hosted Checkout, v63 and later; public API reference and the Hosted Checkout
 * guide "Establishing a Session", "Interpreting the Response"). The payer enters the card on the
 * gateway's page, so the body has no card: it says what the page does with it and where the payer
 * goes afterwards.
 */
import { commonGatewayFields } from '../groups/common';
import { notificationUrl, orderCurrency, orderDescription, orderPaymentAmount } from '../groups/order';
import { enumOf, integer, payerUrl as webUrl, text } from '../formats';
import { mergeFields, obj, req, type Fields, type LeafNode, type ObjectNode } from '../fieldTree';

export const CHECKOUT_INTERACTION_OPERATIONS = ['PURCHASE', 'AUTHORIZE', 'VERIFY', 'NONE'] as const;

const body = (...sets: Fields[]): ObjectNode => obj(undefined, mergeFields(...sets));

/** Only http(s): the gateway sends the payer's browser there, so javascript: or data: would run in the payer's page. */
function payerUrl(help: string, example: string): LeafNode {
  return webUrl(1, 2048, help, { example, returnsPayer: true });
}

const SHOW_HIDE = (values: readonly string[], help: string): LeafNode => enumOf(values, help);

export function initiateCheckoutV100(): ObjectNode {
  return body(
    commonGatewayFields({ value: 'INITIATE_CHECKOUT', fromRealGateway: true }),
    {
      checkoutMode: enumOf(['WEBSITE', 'PAYMENT_LINK'], 'WEBSITE (default): your page calls Checkout.configure({ session: { id } }) and shows the payment page; PAYMENT_LINK: the gateway answers a link to send the payer.', { label: 'Checkout mode' }),
      interaction: req(obj('Interaction', {
        operation: req(enumOf(CHECKOUT_INTERACTION_OPERATIONS, 'What the page does with the card the payer enters: PURCHASE (pay: authorize and capture), AUTHORIZE, VERIFY, or NONE (only collect the card into the session).', {
          label: 'Interaction operation', defaultValue: 'PURCHASE',
        })),
        returnUrl: payerUrl('Where the payer returns after paying, with resultIndicator appended: compare it with the successIndicator of this answer. http or https only.', 'https://merchant.example.com/return'),
        cancelUrl: payerUrl('Where the payer goes after pressing Cancel on the payment page. http or https only.', 'https://merchant.example.com/cancel'),
        // The Checkout "timeout" callback page (versions 53 and 54): "the time you specified in interaction.timeout", in seconds.
        timeout: integer(1, undefined, 'Seconds the payer has to complete the payment on the page; without it the gateway\'s default applies. When it runs out the page calls its timeout callback.', { label: 'Timeout (seconds)', example: 900 }),
        merchant: obj('Interaction', {
          name: text(1, 40, 'Your name as the payment page shows it to the payer.', { label: 'Merchant name', example: 'Example Shop' }),
        }),
        displayControl: obj('Interaction', {
          billingAddress: SHOW_HIDE(['HIDE', 'MANDATORY', 'OPTIONAL', 'READ_ONLY'], 'Whether the page asks for the billing address.'),
          customerEmail: SHOW_HIDE(['HIDE', 'MANDATORY', 'OPTIONAL', 'READ_ONLY'], "Whether the page asks for the payer's e-mail."),
          shipping: SHOW_HIDE(['HIDE', 'READ_ONLY'], 'Whether the page shows the shipping details.'),
          paymentConfirmation: SHOW_HIDE(['HIDE', 'SHOW'], 'Whether the page asks the payer to confirm before paying.'),
          orderSummary: SHOW_HIDE(['HIDE', 'SHOW', 'SHOW_PARTIAL'], 'How much of the order the page shows.'),
        }),
      })),
      order: req(obj('Order', {
        id: req(text(1, 40, 'The id of the order the page pays; the payment is recorded on it (Retrieve Order reads it afterwards). A new checkout needs a new order id: a paid order takes no second payment.', { label: 'Order id', example: 'ORDER-1', freshId: 'order' })),
        amount: req(orderPaymentAmount()),
        currency: req(orderCurrency()),
        description: orderDescription(),
        notificationUrl: notificationUrl(),
      })),
    },
  );
}
