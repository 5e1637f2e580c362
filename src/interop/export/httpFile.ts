/**
 * `.http` text (REST Client / httpYac) from plain requests: the variables first (`@name = value`),
 * then each request after `###`, named with `# @name`. A secret is never a value here: it is a
 * `{{$processEnv NAME}}` variable, read from the shell when the file is sent.
 *
 * The format is lines: a line break in a name would start a request line of its own. Names and
 * sources go into comments with every line break and invisible character shown as <U+XXXX>, and each
 * comment starts with fixed words (httpYac reads `# @word` as a directive). A URL, header or variable
 * that holds a line break, or a body line that the tools read as a new request (`###`), a file to
 * send (`<`) or a script (`{{`, `}}`), cannot be written as it is: the writer refuses it.
 */
import { commentText } from './code/literals';
import { ImportError, type PlainRequest, type Variable } from '../model';

export interface HttpFileOptions {
  variables: readonly Variable[];
  /** A secret variable's name → the environment variable it is read from. */
  fromProcessEnv?: ReadonlyMap<string, string>;
  notes?: readonly string[];
}

/** What REST Client, httpYac or an editor may take for the end of a line. */
const LINE_BREAK = /[\r\n\v\f\u0085\u2028\u2029]/;
/** Body lines REST Client or httpYac read as something else than body text. */
const NOT_BODY = /^\s*(#{3}|\{\{|\}\})/;

export function writeHttpFile(requests: readonly PlainRequest[], options: HttpFileOptions): string {
  const lines: string[] = [...(options.notes ?? []).map((n) => comment(n))];
  for (const v of options.variables) lines.push(oneLine(`@${v.name} = ${v.value}`, `variable ${JSON.stringify(v.name)}`));
  for (const [name, variable] of options.fromProcessEnv ?? []) lines.push(oneLine(`@${name} = {{$processEnv ${variable}}}`, `variable ${JSON.stringify(name)}`));
  for (const r of requests) {
    const what = `request ${JSON.stringify(r.name)} (${r.source})`;
    if (lines.length) lines.push('');
    lines.push(`### ${shown(r.name)}`, `# @name ${r.name.replace(/[^A-Za-z0-9_-]+/g, '_')}`, comment(`from ${r.source}`), oneLine(`${r.method} ${r.url}`, what));
    for (const h of r.headers) lines.push(oneLine(`${h.name}: ${h.value}`, `${what}, header ${JSON.stringify(h.name)}`));
    if (r.auth?.kind === 'basic') lines.push(oneLine(`Authorization: Basic ${r.auth.user}:${r.auth.password}`, `${what}, Basic user`));
    if (r.auth?.kind === 'bearer') lines.push(oneLine(`Authorization: Bearer ${r.auth.token}`, `${what}, token`));
    if (r.bodyFile !== undefined) lines.push('', `< ./${fileName(r.bodyFile, what)}`);
    else if (r.body !== undefined) {
      lines.push('');
      // One line at a time: spreading a body of a few hundred thousand lines as arguments overflows the stack.
      for (const line of bodyLines(r.body, what)) lines.push(line);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A comment line that nothing in `text` can end; it never starts with `@`. */
function comment(text: string): string {
  return `# ${shown(text).replace(/^@/, '<U+0040>')}`;
}

/** A name for a comment: one line, and no `{{` or `}}` (no tool should find a template in a comment). */
function shown(text: string): string {
  return commentText(text).replace(/\{\{/g, '{<U+007B>').replace(/\}\}/g, '}<U+007D>');
}

function oneLine(line: string, what: string): string {
  if (LINE_BREAK.test(line)) throw new ImportError(`${what}: holds a line break, which would start a line of its own in a .http file; remove it`);
  return line;
}

/** The first body line a .http file cannot carry as it is (1-based), or undefined when every line is body text. */
export function bodyLineNotCarried(body: string): number | undefined {
  const lines = body.split(/\r?\n/);
  const i = lines.findIndex((line, n) => NOT_BODY.test(line) || (n === 0 && /^\s*</.test(line)));
  return i < 0 ? undefined : i + 1;
}

function bodyLines(body: string, what: string): string[] {
  const bad = bodyLineNotCarried(body);
  if (bad !== undefined) {
    const line = body.split(/\r?\n/)[bad - 1] ?? '';
    throw new ImportError(`${what}: body line ${bad} starts with ${JSON.stringify(line.trim().slice(0, 3))}, which REST Client or httpYac read as a new request, a file or a script; a .http file cannot carry this body`);
  }
  return body.split(/\r?\n/);
}

/** A body file is named by the writer's caller from a slug: nothing else may follow `< ./`. */
function fileName(name: string, what: string): string {
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(name)) throw new ImportError(`${what}: body file name ${JSON.stringify(name)} is not a plain file name`);
  return name;
}
