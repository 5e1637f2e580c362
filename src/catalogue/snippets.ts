/** VS Code snippets for *.payreq.json files, one per operation/version, generated from the catalogue. */
import { allOperationVersions } from './bodies';
import { exampleBody } from './example';
import type { OperationDef } from './operations';
import { apiOperationAt, PINNED_VERSIONS, versionsByDocumentation } from './versions';

interface Snippet {
  prefix: string;
  scope: string;
  description: string;
  body: string[];
}

/** Tab stops for URL parameters: valid defaults, so accepting the snippet as is gives a valid file. */
function paramPlaceholders(op: OperationDef): Record<string, string> {
  const names = op.pathParams.map((p) => p.name).filter((n) => n !== 'merchantId'); // merchantId comes from the environment
  const defaults: Record<string, string> = { orderId: 'ORDER-1', transactionId: 'TXN-1', sessionId: 'SESSION0002XXXXXXXXXXXXXXXXXXXX', tokenId: '5123458154060008' };
  return Object.fromEntries(names.map((n, i) => [n, `\${${i + 1}:${defaults[n] ?? n}}`]));
}

/** Escapes what the snippet syntax treats specially in literal text ('}' only matters inside placeholders). */
function escapeSnippetText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\$/g, '\\$');
}

function snippetName(op: OperationDef, version: number | undefined): string {
  return `${op.title}${version !== undefined ? ` v${version}` : ''}`;
}

/**
 * `${n|11,100,78,…|}`: the documented version, then the pinned versions that take their rules from it,
 * newest first; only versions that use the documented version's apiOperation name, which the body carries.
 */
function versionChoice(op: OperationDef, documented: number, tabStop: number): string {
  const covered = versionsByDocumentation(op).get(documented) ?? [];
  const name = apiOperationAt(op, documented);
  const pinned = PINNED_VERSIONS.filter((v) => v !== documented && covered.includes(v) && apiOperationAt(op, v) === name).sort((a, b) => b - a);
  return `\${${tabStop}|${[documented, ...pinned].join(',')}|}`;
}

export function buildSnippets(): Record<string, Snippet> {
  const out: Record<string, Snippet> = {};
  for (const { op, version } of allOperationVersions()) {
    const placeholders = paramPlaceholders(op);
    const file: Record<string, unknown> = { operation: op.id };
    const markers: Record<string, string> = {};
    if (version !== undefined) {
      // A number in the JSON text, then a choice of the versions this body is the rules of (the documented one first, then the pinned ones).
      file['version'] = 0;
      markers['"version": 0'] = `"version": ${versionChoice(op, version, Object.keys(placeholders).length + 1)}`;
    }
    if (Object.keys(placeholders).length > 0) {
      const params: Record<string, string> = {};
      for (const [name, tabStop] of Object.entries(placeholders)) {
        const marker = `__PARAM_${name}__`;
        markers[marker] = tabStop;
        params[name] = marker;
      }
      file['params'] = params;
    }
    const body = exampleBody(op.id, version);
    if (body) file['body'] = body;
    let text = escapeSnippetText(JSON.stringify(file, null, 2));
    for (const [marker, tabStop] of Object.entries(markers)) text = text.replace(marker, () => tabStop);
    out[snippetName(op, version)] = {
      prefix: `payreq ${op.id}${version !== undefined ? ` v${version}` : ''}`,
      scope: 'payreq',
      description: `${op.title}${version !== undefined ? ` (version ${version})` : ''}: ${op.purpose}`,
      body: `${text}$0`.split('\n'),
    };
  }
  return out;
}
