import { formsOf } from '../../format/htmlForms';

/** The longest challenge URL offered to open (the response panel's host accepts URLs up to 8 KiB). */
const MAX_URL = 8192;

/**
 * The page a 3-D Secure challenge opens: the action of authentication.redirect.html's challenge form
 * (threedsChallengeRedirectForm), an http(s) URL, or undefined. Read with the payer steps' form reader
 * (bounded, linear), so the panel and flows find the same page.
 */
export function challengeUrlOf(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const url = formsOf(html).find((f) => f.id === 'threedsChallengeRedirectForm')?.action;
  return url !== undefined && url.length <= MAX_URL && /^https?:\/\/[^\s]+$/i.test(url) ? url : undefined;
}
