import { randomBytes } from 'node:crypto';
import { escapeHtml, type SimResponse } from './types';

/**
 * Every page the simulator serves a payer's browser (browser-payment provider and return pages, the
 * financing page, the 3-D Secure challenge, the Hosted Checkout page, and each one's error pages) is
 * written here, and only here: the strict Content-Security-Policy cannot be forgotten. Style and
 * script run under a fresh nonce, nothing else runs, forms post only where `formTargets` says, the
 * page is never cached. Links and redirects to a URL an API caller chose go through `linkTarget`,
 * so no page can link or send the payer to javascript:, data: or any scheme but http(s).
 */

export interface PageSpec {
  status: number;
  title: string;
  /** Trusted markup: every value in it is escaped by the caller (escapeHtml) and every URL passed through linkTarget. */
  body: string;
  /** Style rules of this page, after the base style. */
  style?: string;
  /** Script text run at the end of the body under the page's nonce (an auto-submit); without it no script runs. */
  script?: string;
  /** The CSP form-action sources, e.g. "'self' https://shop.example"; default "'none'" (a page without forms). */
  formTargets?: string;
  /** Who may frame the page: the 3-D Secure challenge runs in the merchant's iframe (*); default 'none'. */
  frameAncestors?: "'none'" | "'self'" | '*';
}

const BASE_STYLE = 'body{font:15px system-ui,sans-serif;max-width:36rem;margin:2rem auto}';

export function simulatorPage(p: PageSpec): SimResponse {
  const nonce = randomBytes(16).toString('base64');
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src ${p.script !== undefined ? `'nonce-${nonce}'` : "'none'"}`,
    `form-action ${p.formTargets ?? "'none'"}`,
    "base-uri 'none'",
    `frame-ancestors ${p.frameAncestors ?? "'none'"}`,
  ].join('; ');
  const script = p.script !== undefined ? `\n<script nonce="${nonce}">${p.script}</script>` : '';
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(p.title)}</title><style nonce="${nonce}">${BASE_STYLE}${p.style ?? ''}</style></head>
<body><h1>${escapeHtml(p.title)}</h1>
${p.body}${script}
</body></html>`;
  return { status: p.status, headers: { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS, 'content-security-policy': csp }, body };
}

/** Never cached (each page shows live state), never sniffed, and no page URL (tokens, session ids) leaks as a Referer. */
const PAGE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' } as const;

/**
 * A URL a page may link, post or redirect to: an absolute http(s) URL, or a relative one (no scheme:
 * the simulator's own pages link relatively so they work behind a path-prefix proxy). Anything else
 * (javascript:, data:, vbscript:, a protocol-relative //host) is undefined: the page leaves the link
 * out. The catalogue already refuses such URLs in requests; this is the pages' own guarantee.
 */
export function linkTarget(url: string): string | undefined {
  // No control character, space or DEL anywhere: a browser drops leading ones and tabs and newlines
  // inside, so "\u0001javascript:" or "java\tscript:" would be read as javascript:.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  if (/[\u0000-\u0020\u007f"'<>\\]/.test(url)) return undefined;
  if (/^https?:\/\/[^/?#]/i.test(url)) return url;
  // Relative: no scheme before the first '/', '?' or '#', and not '//' (another host).
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) && !url.startsWith('//')) return url;
  return undefined;
}

/**
 * The scheme, host and port of an http(s) URL, as a CSP source ("https://shop.example:8443"); '' for
 * anything else. Stops at every character that could end or split a CSP source list.
 */
export function originOf(url: string | undefined): string {
  if (!url || !/^https?:\/\//i.test(url)) return '';
  try {
    // URL's origin: the host in ASCII (an IDN in punycode), so the header carries no character Node refuses.
    const origin = new URL(url).origin;
    return /^https?:\/\/[^\s"'<>\\;,/]+$/i.test(origin) ? origin : '';
  } catch {
    return '';
  }
}

/**
 * The location as a header may carry it: HTTP headers are Latin-1 and Node refuses anything above
 * (the payer got a 500 after paying, for a return URL with a "€"). An absolute URL is written as URL
 * serialises it (IDN host in punycode, the rest percent-encoded); in a relative one each character
 * outside printable ASCII is percent-encoded. Undefined when it cannot be (a lone surrogate).
 */
function headerLocation(target: string): string | undefined {
  try {
    if (/^https?:/i.test(target)) return new URL(target).href;
    return target.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  } catch {
    return undefined;
  }
}

/**
 * 303 to `location` (a browser follows a form POST with a GET, as after any "pay" button), or, when
 * the location is not one a page may send the payer to, a page saying so instead of the redirect.
 */
export function redirectTo(location: string): SimResponse {
  const given = linkTarget(location);
  const target = given !== undefined ? headerLocation(given) : undefined;
  if (target === undefined) {
    return simulatorPage({ status: 500, title: 'Not sent back', body: '<p>The address the payer would return to is not an http(s) URL, so the simulator does not send the payer there.</p>' });
  }
  return { status: 303, headers: { location: target, 'content-type': 'text/plain; charset=utf-8', ...PAGE_HEADERS, 'content-security-policy': "default-src 'none'" }, body: `See ${target}` };
}
