/**
 * The requests no catalogue operation matches, kept as plain requests in a `.http` file: never
 * dropped, never holding a credential. A credential given in clear becomes a `{{variable}}` the file
 * does not define, named in the report.
 */
import { redactBodyText } from '../../http/redact';
import { writeHttpFile } from '../export/httpFile';
import { slug, templateNames, uniqueName, type PlainRequest, type RequestAuth, type Variable } from '../model';
import { carriesCredential, merchantOfUser, secretQueryParameters, splitUserinfo, variableName, withSecretQueryAsTemplates, type FoundSecrets } from './credentials';
import { oneLine } from './requestLines';

/** A file an import writes, relative to the output folder. */
export interface WrittenFile {
  name: string;
  text: string;
}

/** The plain requests as one `.http` file named after the collection, and the notes on what was kept out of it. */
export function writeUnmatched(requests: readonly PlainRequest[], collectionName: string, variables: ReadonlyMap<string, Variable>, used: Set<string>, found: FoundSecrets): { file: WrittenFile; notes: string[] } {
  const name = uniqueName(slug(collectionName), '.unmatched.http', used);
  // A variable written as `@name = value` is one line, its URL without a password, its secret query values as variables.
  const written = [...variables.values()]
    .filter((v) => !v.secret && /^[A-Za-z_][\w.-]{0,127}$/.test(v.name))
    .map((v) => ({ ...v, value: withSecretQueryAsTemplates(splitUserinfo(oneLine(v.value, 16_384)).url) }));
  const notes: string[] = [];
  return { file: { name, text: writeHttpFile(requests.map((r) => withoutLiteralSecrets(r, notes, found)), { variables: written }) }, notes };
}

/**
 * A plain request written as .http: a credential given in clear (password, API key header, secret
 * query parameter, a user name that is a key) becomes a variable the file does not define, and
 * secret values in the body are redacted by the one policy (`apiPassword=…` in a form body, `"password": …` in JSON).
 */
function withoutLiteralSecrets(r: PlainRequest, notes: string[], found: FoundSecrets): PlainRequest {
  const asTemplate = (value: string, name: string, what: string) => {
    if (templateNames(value).length || value === '') return value;
    found.keep(what, r.source, value);
    return `{{${name}}}`;
  };
  for (const q of secretQueryParameters(r.url)) if (q.value && !templateNames(q.value).length) found.keep(`query parameter "${q.name}"`, r.source, q.value);
  // An Authorization header beside the request's auth is written as that auth; one of another scheme (Digest, an encoded Basic) becomes a variable too.
  for (const h of r.headers) if (r.auth && h.name.toLowerCase() === 'authorization') asTemplate(h.value, 'authorization', `header ${h.name}`);
  const headers = r.headers
    .filter((h) => !(r.auth && h.name.toLowerCase() === 'authorization'))
    .map((h) => (carriesCredential(h.name) || h.name.toLowerCase() === 'authorization' ? { ...h, value: asTemplate(h.value, variableName(h.name), `header ${h.name}`) } : h));
  const body = r.body === undefined ? undefined : withoutSplittingLines(redactBodyText(r.body));
  if (r.body !== undefined && body !== r.body) {
    found.keep('secret values in the body', r.source);
    notes.push(`${r.source}: secret values in its body were written as <redacted> in the plain request; put yours back before sending it`);
  }
  const withBody = { ...r, url: withSecretQueryAsTemplates(r.url), headers, ...(body !== undefined ? { body } : {}) };
  if (!r.auth) return withBody;
  const auth: RequestAuth = r.auth.kind === 'basic'
    ? { ...r.auth, user: r.auth.user === '' || merchantOfUser(r.auth.user) !== undefined ? r.auth.user : asTemplate(r.auth.user, 'user', 'the user name of its Basic auth (an API key)'), password: asTemplate(r.auth.password, 'password', 'the password of its Basic auth') }
    : { ...r.auth, token: asTemplate(r.auth.token, 'token', 'the bearer token') };
  return { ...withBody, auth };
}

/** A body line starting with ### would start another request in a .http file: it is indented by a space. */
function withoutSplittingLines(body: string): string {
  return body.replace(/^###/gm, ' ###');
}
