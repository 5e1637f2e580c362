import { escapeHtml, htmlResponse, type SimResponse } from './types';

/**
 * A page the payer's browser shows (hosted payment page; the 3-D Secure challenge page has the same
 * shape and can move here): its own style under the nonce, strict CSP, form actions limited to
 * `formTargets`, never cached.
 */
export interface PayerPage {
  status: number;
  nonce: string;
  /** The CSP form-action sources, e.g. "'self' https://shop.example". */
  formTargets: string;
  title: string;
  /** Trusted markup: every value in it is escaped by the caller. */
  body: string;
  style: string;
}

export function payerPage(p: PayerPage): SimResponse {
  const csp = `default-src 'none'; style-src 'nonce-${p.nonce}'; script-src 'nonce-${p.nonce}'; form-action ${p.formTargets}; base-uri 'none'; frame-ancestors 'self'`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(p.title)}</title><style nonce="${p.nonce}">${p.style}</style></head>
<body><h1>${escapeHtml(p.title)}</h1>
${p.body}
</body></html>`;
  const response = htmlResponse(p.status, html);
  return { ...response, headers: { ...response.headers, 'content-security-policy': csp, 'cache-control': 'no-store' } };
}
