/**
 * How one exchange is summarised in a list: the words of the History tree and of quick picks.
 * No vscode import, so the wording is unit-tested.
 */
import type { VerdictTone } from '../decode/types';
import type { Exchange } from '../send/exchange';

export type ExchangeTone = VerdictTone | 'failure';

export function toneOf(e: Exchange): ExchangeTone {
  if (e.failure && !e.response) return 'failure';
  if (e.decoded) return e.decoded.verdict.tone;
  const status = e.response?.status;
  if (status === undefined) return 'info';
  return status >= 200 && status < 300 ? 'success' : status >= 400 ? 'error' : 'info';
}

/** The code a developer scans for: gatewayCode, else result, else the verdict's title. */
export function codeOf(e: Exchange): string | undefined {
  const d = e.decoded;
  if (!d) return undefined;
  return (
    d.outcome?.gatewayCode?.code ??
    d.outcome?.result ??
    d.error?.cause?.code ??
    (d.financing?.success !== undefined ? (d.financing.success ? 'success' : 'not successful') : undefined) ??
    d.verdict.title
  );
}

/** "201 · APPROVED · 14:03:07"; a failed send shows its kind: "timeout · 14:03:07". */
export function describeExchange(e: Exchange, now: Date = new Date()): string {
  const parts: string[] = [];
  if (e.response) parts.push(String(e.response.status));
  else if (e.failure) parts.push(e.failure.kind);
  const code = codeOf(e);
  if (code) parts.push(code);
  parts.push(shortTime(e.startedAt, now));
  return parts.join(' · ');
}

/** Today's entries show the time; older ones the date too, so a morning list reads naturally. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? time : `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${time}`;
}

/** Markdown tooltip text; every value from the wire is escaped so a response cannot inject links. */
export function tooltipMarkdown(e: Exchange): string {
  const lines: string[] = [];
  lines.push(`**${md(e.operationTitle)}** \`${md(e.operationId)}\`${e.version !== undefined ? ` v${e.version}` : ''}`, '');
  if (e.decoded) lines.push(`${md(e.decoded.verdict.title)}: ${md(e.decoded.verdict.detail)}`, '');
  if (e.failure) lines.push(`Failed (${md(e.failure.kind)}): ${md(e.failure.message)}`, '');
  lines.push(`${md(e.request.method)} ${md(e.request.url)}`, '');
  if (e.response) {
    lines.push(`HTTP ${e.response.status} · ${e.response.timing.totalMs} ms (TTFB ${e.response.timing.ttfbMs} ms)`, '');
  }
  lines.push(`Environment: ${md(e.environment.name)}${e.environment.live ? ' · **LIVE**' : ''}`, '');
  lines.push(`Sent ${md(e.startedAt)}`);
  return lines.join('\n');
}

/** Escapes Markdown punctuation (and angle brackets, which would otherwise be read as HTML). */
export function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, (c) => `\\${c}`);
}
