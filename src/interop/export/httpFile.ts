/**
 * `.http` text (REST Client / httpYac) from plain requests: the variables first (`@name = value`),
 * then each request after `###`, named with `# @name`. A secret is never a value here: it is a
 * `{{$processEnv NAME}}` variable, read from the shell when the file is sent.
 */
import type { PlainRequest, Variable } from '../model';

export interface HttpFileOptions {
  variables: readonly Variable[];
  /** A secret variable's name → the environment variable it is read from. */
  fromProcessEnv?: ReadonlyMap<string, string>;
  notes?: readonly string[];
}

export function writeHttpFile(requests: readonly PlainRequest[], options: HttpFileOptions): string {
  const lines: string[] = [...(options.notes ?? []).map((n) => `# ${n}`)];
  for (const v of options.variables) lines.push(`@${v.name} = ${v.value}`);
  for (const [name, variable] of options.fromProcessEnv ?? []) lines.push(`@${name} = {{$processEnv ${variable}}}`);
  for (const r of requests) {
    if (lines.length) lines.push('');
    lines.push(`### ${r.name}`, `# @name ${r.name.replace(/[^A-Za-z0-9_-]+/g, '_')}`, `# from ${r.source}`, `${r.method} ${r.url}`);
    for (const h of r.headers) lines.push(`${h.name}: ${h.value}`);
    if (r.auth?.kind === 'basic') lines.push(`Authorization: Basic ${r.auth.user}:${r.auth.password}`);
    if (r.auth?.kind === 'bearer') lines.push(`Authorization: Bearer ${r.auth.token}`);
    if (r.body !== undefined) lines.push('', r.body);
  }
  return `${lines.join('\n')}\n`;
}
