import { HttpFailure } from './httpFailure';
import { hostPort } from './dispatcherFactory';

interface RequestTarget {
  origin: string;
  /** Path and query exactly as built: WHATWG URL parsing would fold an encoded '..' segment away. */
  path: string;
  host: string;
}

export function requestTarget(url: string): RequestTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpFailure('other', `Not a valid URL: ${url}`, url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HttpFailure('other', `Only http and https URLs can be sent (got ${parsed.protocol})`, hostPort(parsed));
  }
  const afterScheme = url.indexOf('//') + 2;
  const pathStart = url.slice(afterScheme).search(/[/?]/);
  const rawPath = pathStart < 0 ? '/' : url.slice(afterScheme + pathStart);
  return {
    origin: parsed.origin,
    path: rawPath.startsWith('/') ? rawPath : `/${rawPath}`,
    host: hostPort(parsed),
  };
}
