/**
 * The requests an importer read, made safe to write and to show: every name, source, URL and header
 * on one line (a written .http file cannot gain a request, a report line cannot hide another), bounded,
 * and a user name and password in the URL taken as the request's Basic auth.
 */
import { redactText } from '../../redaction';
import type { PlainRequest } from '../model';
import { splitUserinfo, type FoundSecrets } from './credentials';

/** A name or source shown in a report line or written in a file. */
export const MAX_NAME_CHARS = 200;

/**
 * One line of at most `max` characters: a name or source from the input, shown in a report line or
 * written in a file. Control characters and the bidirectional overrides (which make a line read other
 * than it is) become spaces.
 */
export function oneLine(text: string, max: number): string {
  return text.slice(0, max * 2).replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, ' ').trim().slice(0, max);
}

const HTTP_METHOD = /^[A-Z]{1,16}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/**
 * A name or source as the workbench shows and writes it (a report line, a flow's name, a step id, a file
 * name): one line, and the redaction policy applied (a card number in a request's name is masked).
 */
export function nameLine(text: string, max: number): string {
  return oneLine(redactText(oneLine(text, max * 2)), max);
}

/**
 * The request with every field a file or a report line writes on one line (a name, a URL, a header
 * cannot start another request in a written .http file), and with a user name and password in its
 * URL taken as its Basic auth; a method that is no HTTP method leaves the request out.
 */
export function sanitized(r: PlainRequest, leftOut: string[], found: FoundSecrets): PlainRequest[] {
  const source = nameLine(r.source, MAX_NAME_CHARS * 2);
  const method = r.method.toUpperCase();
  if (!HTTP_METHOD.test(method)) {
    leftOut.push(`${source}: left out: its method ${JSON.stringify(oneLine(method, 20))} is no HTTP method`);
    return [];
  }
  const headers = r.headers.filter((h) => {
    if (HEADER_NAME.test(h.name)) return true;
    leftOut.push(`${source}: a header ${JSON.stringify(oneLine(h.name, 40))} left out: not a header name`);
    return false;
  }).map((h) => ({ name: h.name, value: oneLine(h.value, 16_384) }));
  const { url, auth: fromUrl } = splitUserinfo(r.url.replace(/\p{Cc}+/gu, '').trim().replace(/ /g, '%20'));
  const auth = r.auth ?? fromUrl;
  if (fromUrl && r.auth) {
    found.keep('the password in its URL', source, fromUrl.password);
    leftOut.push(`${source}: the user name and password in its URL were left out: its own authentication is used`);
  }
  return [{
    ...r,
    name: nameLine(r.name, MAX_NAME_CHARS) || `${method} request`,
    source,
    method,
    url,
    headers,
    ...(auth ? { auth: auth.kind === 'basic' ? { ...auth, user: oneLine(auth.user, 1024), password: oneLine(auth.password, 1024) } : { ...auth, token: oneLine(auth.token, 16_384) } } : {}),
  }];
}

