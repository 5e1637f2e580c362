import { REDACTED } from './secretFields';

/**
 * "scheme://user:pass@" anywhere in a text. Anchored on "://" and bounded, so it stays linear on
 * hostile text; the userinfo part stops at anything that cannot be in it (/, ?, #, @, quotes, space).
 */
const USERINFO = /(:\/\/)[^\s/?#@'"<>`\\]{1,512}@/g;

/** Every URL the workbench prints goes through this: history, cURL, text view, panels, preview, logs. */
export function redactUrlUserinfo(text: string): string {
  return text.includes('://') ? text.replace(USERINFO, `$1${REDACTED}@`) : text;
}

/** True when a URL carries a user name or password ("https://user:pass@host"). */
export function hasUrlUserinfo(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return /:\/\/[^/?#]*@/.test(url.slice(0, 2048));
  }
}
