/**
 * cURL command lines (as the gateway's reference, a support ticket or "Copy as cURL" give them) into
 * plain requests: -X, -u, -H, -d/--data-raw/--data-binary/--json, @file bodies, --url, combined short
 * flags (-sS, -XPUT). Options that change nothing about the request (-s, -v, --max-time N…) are skipped;
 * the ones that would (--form, --cert…) are noted as left out.
 */
import { ImportError, LIMITS, quoteInput, type HttpHeader, type ImportedCollection, type PlainRequest, type RequestAuth } from '../model';
import { shellCommands } from './shellWords';

/** Reads the file an `@file` (or -T) names, relative to the command's file, bounded; throws with a clear reason. */
export type ReadAtFile = (name: string) => string;

type KeptOut = NonNullable<ImportedCollection['keptOut']>[number];

/** The bodies one import may read from files, in number and in characters all together. */
const MAX_AT_FILES = 100;

const SWITCHES = new Set(['-s', '--silent', '-S', '--show-error', '-v', '--verbose', '-i', '--include', '-L', '--location', '-k', '--insecure', '--compressed', '-f', '--fail', '-g', '--globoff', '-N', '--no-buffer', '--http1.1', '--http2', '-#', '--progress-bar', '--basic']);
/** Authentication schemes a request file does not send: noted. */
const NOTED_SWITCHES = new Set(['--digest', '--ntlm', '--negotiate', '--anyauth']);
const IGNORED_WITH_VALUE = new Set(['--max-time', '-m', '--connect-timeout', '-o', '--output', '-w', '--write-out', '--retry', '--proxy', '-x']);
const NOTED_WITH_VALUE = new Set(['--cert', '-E', '--key', '--cacert', '-F', '--form', '-b', '--cookie', '--data-urlencode', '--pass', '--proxy-user', '-U']);
/** Options whose value is (or may hold) a credential: left out, and named in the report as a secret. */
const CREDENTIAL_VALUES: Readonly<Record<string, (value: string) => string | undefined>> = {
  '--pass': (v) => v,
  '--proxy-user': (v) => v,
  '-U': (v) => v,
  // "cert.pem:passphrase"
  '--cert': (v) => (v.includes(':') ? v.slice(v.indexOf(':') + 1) : undefined),
  '-E': (v) => (v.includes(':') ? v.slice(v.indexOf(':') + 1) : undefined),
  // "name=value; …" is cookies; anything else names a cookie file
  '-b': (v) => (v.includes('=') ? v : undefined),
  '--cookie': (v) => (v.includes('=') ? v : undefined),
  // a proxy's own user and password, "http://user:pw@proxy:8080"
  '--proxy': (v) => /^[a-z0-9+.-]{1,20}:\/\/[^/@\s]{0,512}:([^/@\s]{1,512})@/i.exec(v)?.[1],
  '-x': (v) => /^[a-z0-9+.-]{1,20}:\/\/[^/@\s]{0,512}:([^/@\s]{1,512})@/i.exec(v)?.[1],
};
const DATA = new Set(['-d', '--data', '--data-ascii', '--data-binary', '--data-raw']);
/** The data options whose @file curl reads without its carriage returns and newlines (--data-binary and --json keep them). */
const DATA_STRIPPING_NEWLINES = new Set(['-d', '--data', '--data-ascii']);
/** Short options that take a value, for splitting -XPUT and -sSX PUT. */
const SHORT_WITH_VALUE = new Set(['X', 'H', 'd', 'u', 'm', 'o', 'w', 'x', 'E', 'F', 'b', 'T', 'A', 'e', 'U']);

const CURL = /^curl(\.exe)?$/;
const PROMPTS: ReadonlySet<string> = new Set(['$', '%', '>', 'PS>']);

/** Whether a text holds a curl command line, at a line's start or after a documentation prompt (PROMPTS). */
export function holdsCurlCommand(text: string): boolean {
  return /(^|\n)\s*(?:(?:\$|%|>|PS>)\s+)?curl(\.exe)?\s/.test(text);
}

export function importCurl(text: string, where: string, readAtFile: ReadAtFile): ImportedCollection {
  if (text.length > LIMITS.fileChars) throw new ImportError(`${where}: ${text.length} characters; a cURL file holds at most ${LIMITS.fileChars}`);
  const notes: string[] = [];
  const keptOut: KeptOut[] = [];
  const read = boundedInAll(readAtFile, where);
  const requests = shellCommands(text, where)
    // A command copied from documentation may keep its prompt ("$ curl …").
    .map((words) => (PROMPTS.has(words[0] ?? '') && CURL.test(words[1] ?? '') ? words.slice(1) : words))
    .filter((words) => CURL.test(words[0] ?? ''))
    .map((words, n) => curlRequest(expandShortFlags(words.slice(1)), `${where}${n ? ` (command ${n + 1})` : ''}`, read, notes, keptOut));
  if (requests.length === 0) throw new ImportError(`${where}: no curl command found (a line starting with "curl" or "$ curl")`);
  if (requests.length > LIMITS.requests) throw new ImportError(`${where}: ${requests.length} curl commands; at most ${LIMITS.requests} are imported at once`);
  const name = where.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'curl';
  return { name, source: where, groups: [{ name, requests }], variables: [], environments: [], notes, keptOut };
}

/** `readAtFile` held to MAX_AT_FILES files and LIMITS.fileChars characters for the whole file of commands. */
function boundedInAll(readAtFile: ReadAtFile, where: string): ReadAtFile {
  let files = 0;
  let chars = 0;
  return (name) => {
    if (++files > MAX_AT_FILES) throw new ImportError(`${where}: more than ${MAX_AT_FILES} bodies read from files; not a command line to import`);
    const text = readAtFile(name);
    chars += text.length;
    if (chars > LIMITS.fileChars) throw new ImportError(`${where}: the bodies read from files pass ${LIMITS.fileChars} characters together`);
    return text;
  };
}

function expandShortFlags(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    if (!/^-[A-Za-z#]{2,}/.test(w) || w.startsWith('--')) {
      out.push(w);
      continue;
    }
    for (let i = 1; i < w.length; i++) {
      const flag = w[i] as string;
      out.push(`-${flag}`);
      if (SHORT_WITH_VALUE.has(flag)) {
        if (i + 1 < w.length) out.push(w.slice(i + 1));
        break;
      }
    }
  }
  return out;
}

interface Building {
  method?: string;
  url?: string;
  headers: HttpHeader[];
  data: string[];
  json: string[];
  /** The file -T uploads. */
  upload?: string;
  auth?: RequestAuth;
}

function curlRequest(words: readonly string[], where: string, readAtFile: ReadAtFile, notes: string[], keptOut: KeptOut[]): PlainRequest {
  const b: Building = { headers: [], data: [], json: [] };
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq > 0 ? word.slice(0, eq) : word;
    const value = () => {
      const v = eq > 0 ? word.slice(eq + 1) : words[++i];
      if (v === undefined) throw new ImportError(`${where}: ${flag} needs a value, and the command ends there`);
      return v;
    };
    if (!flag.startsWith('-') || flag === '-') {
      if (b.url === undefined) b.url = flag;
      else notes.push(`${where}: a second URL left out (curl would send to each; one request is imported per command)`);
    }
    else if (SWITCHES.has(flag)) continue;
    else if (NOTED_SWITCHES.has(flag)) notes.push(`${where}: ${flag} left out: a request file authenticates with the environment's credentials (Basic)`);
    else if (IGNORED_WITH_VALUE.has(flag) || NOTED_WITH_VALUE.has(flag)) {
      const given = value();
      const secret = CREDENTIAL_VALUES[flag]?.(given);
      if (secret) keptOut.push({ what: `the credential in ${flag}`, from: where, value: secret });
      if (NOTED_WITH_VALUE.has(flag)) notes.push(`${where}: ${flag} ${flag === '-F' || flag === '--form' ? '(a form body)' : ''} left out: a request file sends a JSON body with the environment's transport settings`.replace('  ', ' '));
    } else applyOption(b, flag, value, where, readAtFile);
  }
  if (!b.url) throw new ImportError(`${where}: the curl command names no URL`);
  if (b.headers.length > LIMITS.headersPerRequest) throw new ImportError(`${where}: ${b.headers.length} headers; at most ${LIMITS.headersPerRequest}`);
  const body = b.upload ?? (b.json.length ? b.json.join('') : b.data.length ? b.data.join('&') : undefined);
  if (b.json.length) {
    if (!b.headers.some((h) => /^content-type$/i.test(h.name))) b.headers.push({ name: 'Content-Type', value: 'application/json' });
    if (!b.headers.some((h) => /^accept$/i.test(h.name))) b.headers.push({ name: 'Accept', value: 'application/json' });
  }
  const method = (b.method ?? (body !== undefined ? 'POST' : 'GET')).toUpperCase();
  return { name: `${method} ${pathOf(b.url)}`, method, url: b.url, headers: b.headers, ...(body !== undefined ? { body } : {}), ...(b.auth ? { auth: b.auth } : {}), source: where };
}

function applyOption(b: Building, flag: string, value: () => string, where: string, readAtFile: ReadAtFile): void {
  if (flag === '-X' || flag === '--request') b.method = value();
  else if (flag === '--url') b.url = value();
  else if (flag === '-H' || flag === '--header') b.headers.push(header(value(), where));
  else if (flag === '-A' || flag === '--user-agent') b.headers.push({ name: 'User-Agent', value: value() });
  else if (flag === '-e' || flag === '--referer') b.headers.push({ name: 'Referer', value: value() });
  else if (flag === '-u' || flag === '--user') b.auth = basicAuth(value());
  else if (flag === '--oauth2-bearer') b.auth = { kind: 'bearer', token: value() };
  else if (flag === '--json') b.json.push(atFile(value(), readAtFile, where));
  else if (DATA.has(flag)) {
    const v = value();
    const data = flag === '--data-raw' ? v : atFile(v, readAtFile, where);
    b.data.push(DATA_STRIPPING_NEWLINES.has(flag) && v.startsWith('@') ? data.replace(/[\r\n]/g, '') : data);
  } else if (flag === '-T' || flag === '--upload-file') {
    // curl sends the file as the body of a PUT.
    b.upload = atFile(`@${value()}`, readAtFile, where);
    b.method ??= 'PUT';
  } else throw new ImportError(`${where}: unknown curl option ${flag}; the options read are -X, -H, -u, -d, --data-raw, --data-binary, --json, -T and --url`);
}

function header(text: string, where: string): HttpHeader {
  const colon = text.indexOf(':');
  // Only the first word is shown: the rest may be a credential written without its colon.
  if (colon <= 0) throw new ImportError(`${where}: -H ${quoteInput(text.split(/\s/, 1)[0] ?? '', 40)}… is not "Name: value"`);
  return { name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}

function basicAuth(userColonPassword: string): RequestAuth {
  const colon = userColonPassword.indexOf(':');
  return colon < 0 ? { kind: 'basic', user: userColonPassword, password: '' } : { kind: 'basic', user: userColonPassword.slice(0, colon), password: userColonPassword.slice(colon + 1) };
}

function atFile(value: string, readAtFile: ReadAtFile, where: string): string {
  if (!value.startsWith('@')) return value;
  try {
    return readAtFile(value.slice(1));
  } catch (err) {
    throw new ImportError(`${where}: ${value}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function pathOf(url: string): string {
  const afterScheme = url.replace(/^[a-z]+:\/\/[^/]*/i, '');
  return afterScheme.split('?')[0] || '/';
}
