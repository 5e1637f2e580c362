/**
 * How one exchange is summarised in a list: the words of the History tree and of quick picks.
 * No vscode import, so the wording is unit-tested.
 */
import type { VerdictTone } from '../decode/types';
import type { Exchange } from '../send/exchange';
import { formatTime } from '../format/time';

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
  parts.push(formatTime(e.startedAt, now));
  // A call the developer's own server made, seen passing through the Gateway Tap.
  if (e.seenBy === 'tap') parts.push('tap');
  return parts.join(' · ');
}

/** Kept under its old name for the history's callers; the format lives in src/format/time.ts. */
export { formatTime as shortTime } from '../format/time';

/**
 * Tooltip as plain text: VS Code shows a string tooltip as typed, so values from the wire can neither
 * inject links nor show escaping backslashes (`gateway\\.authorize`).
 */
export function tooltipText(e: Exchange): string {
  const lines: string[] = [];
  lines.push(`${e.operationTitle} (${e.operationId})${e.version !== undefined ? ` v${e.version}` : ''}`);
  if (e.decoded) lines.push(`${e.decoded.verdict.title}: ${e.decoded.verdict.detail}`);
  if (e.failure) lines.push(`Failed (${e.failure.kind}): ${e.failure.message}`);
  lines.push(`${e.request.method} ${e.request.url}`);
  if (e.response) lines.push(`HTTP ${e.response.status} · ${formatMs(e.response.timing.totalMs)} (TTFB ${formatMs(e.response.timing.ttfbMs)})`);
  lines.push(`Environment: ${e.environment.name}${e.environment.live ? ' · LIVE' : ''}`);
  lines.push(`Sent ${e.startedAt}`);
  if (e.seenBy === 'tap') lines.push("Seen by the Gateway Tap: your server's call, not sent by the workbench");
  const problems = e.requestProblems ?? [];
  if (problems.length > 0) lines.push(`Request problems: ${problems.length} (${problems.filter((p) => p.severity === 'error').length} errors)`);
  return lines.join('\n');
}

/** 72.55592000001343 → "73 ms": timings are measured to the microsecond but read to the millisecond. */
export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? `${Math.round(ms)} ms` : '? ms';
}
