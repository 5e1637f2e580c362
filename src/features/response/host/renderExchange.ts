/**
 * One exchange as a Markdown document: what a developer reads after pressing Send. No vscode import.
 * Order: the verdict, the facts (status, timing, size, environment), the decoder's explained report,
 * the redacted cURL, then the raw body. Every value here comes from an Exchange, which is redacted.
 */
import * as l10n from '@vscode/l10n';
import { decodeResponse, failureVerdict, renderDecodedAsText } from '../../../decode';
import type { DecodedResponse, VerdictTone } from '../../../decode/types';
import { formatBytes } from '../../../format/formatBytes';
import type { Exchange } from '../../../send/exchange';
import { isJsonText, ownValue, prettyJson } from '../../../json';

/** The document stays comfortable to open; the full body is one command away (openRawResponse). */
export const RAW_BODY_DISPLAY_LIMIT = 1024 * 1024;

const TONE_MARK: Record<VerdictTone, string> = { success: '✅', warning: '⚠️', error: '❌', info: 'ℹ️' };

export function renderExchange(e: Exchange): string {
  const out: string[] = [];
  const decoded = decodedOf(e);
  headline(e, decoded, out);
  facts(e, out);
  if (e.failure) {
    out.push(l10n.t('## Failure'), '', `- **kind**: \`${e.failure.kind}\``, `- **message**: ${inline(e.failure.message)}`, '');
  }
  if (decoded) out.push(withoutHeadline(renderDecodedAsText(decoded)), '');
  out.push(l10n.t('## Request (cURL, secrets redacted)'), '', ...fenced('sh', e.request.curl), '');
  if (e.request.bodyWasMasked) out.push(l10n.t('_Secret and card values in the body were masked before it was kept._'), '');
  rawBody(e, out);
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

function decodedOf(e: Exchange): DecodedResponse | undefined {
  if (e.decoded) return e.decoded;
  if (!e.response) return undefined;
  // Older history entries (or a send that skipped decoding): decode now, the decoder never throws.
  let body: unknown;
  try {
    body = e.response.bodyText === '' ? undefined : JSON.parse(e.response.bodyText);
  } catch {
    body = undefined;
  }
  return decodeResponse({ operationId: e.operationId, httpStatus: e.response.status, body, rawText: e.response.bodyText, requestUrl: e.request.url });
}

function headline(e: Exchange, decoded: DecodedResponse | undefined, out: string[]): void {
  const live = e.environment.live ? ' — 🔴 LIVE' : '';
  if (decoded) {
    out.push(`# ${ownValue(TONE_MARK, decoded.verdict.tone) ?? ''} ${inline(decoded.verdict.title)}`.replace('#  ', '# '), '');
    if (decoded.verdict.detail) out.push(inline(decoded.verdict.detail), '');
  } else if (e.failure) {
    const v = failureVerdict(e.operationId, e.failure);
    out.push(`# ❌ ${inline(v.title)}`, '', inline(v.detail), '');
    if (v.action) out.push(l10n.t('_Fix: run **{0}** (Command Palette, Payment Workbench)._', inline(v.action.label)), '');
  } else {
    out.push(l10n.t('# ℹ️ No response'), '');
  }
  out.push(`_${inline(e.operationTitle)} (\`${e.operationId}\`${e.version !== undefined ? l10n.t(', version {0}', e.version) : ''}) · ${inline(e.environment.name)}${live}_`, '');
}

function facts(e: Exchange, out: string[]): void {
  const r = e.response;
  out.push('| | |', '|---|---|');
  if (r) {
    out.push(l10n.t('| **HTTP status** | {0} |', r.status));
    out.push(l10n.t('| **Timing** | total {0} · TTFB {1} |', ms(r.timing.totalMs), ms(r.timing.ttfbMs)));
    out.push(`| **Size** | ${formatBytes(r.sizeBytes)}${r.truncated ? l10n.t(' (truncated: the body was larger than the size cap)') : ''} |`);
  } else {
    out.push(l10n.t('| **HTTP status** | — (no response) |'));
  }
  out.push(`| **Environment** | ${cell(e.environment.name)}${e.environment.live ? l10n.t(' · **LIVE** (real money)') : l10n.t(' · test')} |`);
  out.push(l10n.t('| **Request** | `{0}` {1} |', cell(e.request.method), cell(e.request.url)));
  const params = Object.entries(e.params ?? {});
  if (params.length > 0) out.push(`| **Parameters** | ${params.map(([k, v]) => `${cell(k)} = ${cell(v)}`).join(', ')} |`);
  out.push(`| **Sent** | ${cell(e.startedAt)} |`, '');
}

function rawBody(e: Exchange, out: string[]): void {
  const r = e.response;
  if (!r) return;
  out.push(l10n.t('## Raw response'), '');
  if (r.bodyText === '') {
    out.push(l10n.t('_The response had no body._'), '');
    return;
  }
  out.push('_The full body as an editable JSON document: the **Open Raw JSON** lens at the top, or the `{}` button in the editor title._', '');
  const shown = r.bodyText.length > RAW_BODY_DISPLAY_LIMIT ? r.bodyText.slice(0, RAW_BODY_DISPLAY_LIMIT) : r.bodyText;
  const json = isJsonText(shown);
  // One line at a time: a body of a few hundred thousand lines spread as arguments overflows the stack.
  for (const line of fenced(json ? 'json' : 'text', json ? prettyJson(shown) : shown)) out.push(line);
  out.push('');
  if (shown !== r.bodyText) {
    out.push(l10n.t('_Showing the first {0} of {1} characters; open the raw JSON for all of it._', formatBytes(RAW_BODY_DISPLAY_LIMIT), r.bodyText.length), '');
  }
}

/** The decoder's report starts with its own verdict heading, already shown above: keep its sections. */
function withoutHeadline(report: string): string {
  if (!report.startsWith('# ')) return report;
  const firstSection = report.indexOf('\n## ');
  return firstSection >= 0 ? report.slice(firstSection + 1) : report.replace(/^#/, '##');
}

/** A fence longer than any backtick run inside, so a body containing ``` cannot close it early. */
export function fenced(language: string, content: string): string[] {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, content, fence];
}

/**
 * One-line text for Markdown prose: no line breaks, and `\<` so "<redacted>" is not taken for an
 * HTML tag by the preview, while still reading naturally in the text editor.
 */
function inline(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/</g, '\\<');
}

function cell(text: string): string {
  return inline(text).replace(/\|/g, '\\|');
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}
