import { unescapeHtml } from '../../format/htmlText';

/** The longest challenge URL offered to open (the response panel's host accepts URLs up to 8 KiB). */
const MAX_URL = 8192;
/** How far into redirect.html the challenge form is looked for. */
const MAX_HTML = 256 * 1024;
const FORM_ID = 'id="threedsChallengeRedirectForm"';

/**
 * The page a 3-D Secure challenge opens: the action of authentication.redirect.html's challenge form
 * (threedsChallengeRedirectForm), an http(s) URL, or undefined. Index scans only, so linear in the html.
 */
export function challengeUrlOf(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const text = html.length > MAX_HTML ? html.slice(0, MAX_HTML) : html;
  const at = text.indexOf(FORM_ID);
  if (at < 0) return undefined;
  const start = text.lastIndexOf('<', at);
  const end = text.indexOf('>', at);
  if (start < 0 || end < 0) return undefined;
  const action = /\saction="([^"]*)"/.exec(text.slice(start, end))?.[1];
  const url = action !== undefined ? unescapeHtml(action) : undefined;
  return url !== undefined && url.length <= MAX_URL && /^https?:\/\/[^\s]+$/i.test(url) ? url : undefined;
}
