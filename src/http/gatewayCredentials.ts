/**
 * HTTP Basic credentials for the card gateway. The spec names the user id `merchant.<merchantId>` for
 * every operation except Authorize, where the user id is left empty (the header encodes ":<password>").
 */
export function basicAuthHeader(merchantId: string, password: string, options: { emptyUser: boolean }): string {
  const user = options.emptyUser ? '' : gatewayUserId(merchantId);
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

function gatewayUserId(merchantId: string): string {
  return `merchant.${merchantId}`;
}
