/**
 * How the Gateway Tap reads in VS Code: a row of the Tap view, the status bar item, the upstream
 * picker's order and which captured calls make one order. No vscode import (unit-tested); no import
 * of the tap's server either: the Tap view is part of the activation bundle, the tap itself is not.
 */
import * as l10n from '@vscode/l10n';
import { isLive } from '../../environments/environment';
import type { StoredEnvironment } from '../environments/environmentStore';
import { describeFaultRule } from '../../tap/faults';
import { tapIdsText, tapOperationText, tapVerdictText } from '../../tap/describe';
import type { FaultRule, TapCall } from '../../tap/types';
import { formatMs } from '../../history/describeExchange';
import { formatTime } from '../../format/time';

/** "2 errors, 1 warning", "no problems", or "not in the catalogue" (then nothing was checked). */
export function tapProblemsText(call: TapCall): string {
  if (!call.recognised) return l10n.t('not in the catalogue');
  const errors = call.problems.filter((p) => p.severity === 'error').length;
  const warnings = call.problems.length - errors;
  if (errors + warnings === 0) return l10n.t('no problems');
  const errorText = errors === 1 ? l10n.t('1 error') : l10n.t('{0} errors', errors);
  const warningText = warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', warnings);
  return [errors ? errorText : '', warnings ? warningText : ''].filter(Boolean).join(', ');
}

export interface TapRowText {
  label: string;
  description: string;
  tooltip: string;
}

/**
 * A row of the Tap view: the operation; HTTP status · verdict · problems (· fault) · ids · time, what
 * decides the next step first, so a narrow view cuts the ids, not the verdict; the rest in the tooltip.
 */
export function tapRowText(call: TapCall, now: Date = new Date()): TapRowText {
  const e = call.exchange;
  const status = e.response ? String(e.response.status) : l10n.t('no answer');
  const description = [status, tapVerdictText(call), tapProblemsText(call), call.fault ? l10n.t('fault') : '', tapIdsText(call), formatTime(e.startedAt, now)].filter(Boolean).join(' · ');
  const lines = [
    `#${call.seq} ${tapOperationText(call)}${call.recognised ? ` (${e.operationId})` : ''}`,
    `${e.request.method} ${e.request.url}`,
    e.response ? `HTTP ${e.response.status} · ${formatMs(e.response.timing.totalMs)}` : (e.failure ? l10n.t('No answer: {0}', e.failure.message) : l10n.t('No answer')),
    e.decoded ? `${e.decoded.verdict.title}: ${e.decoded.verdict.detail}` : '',
    call.unrecognisedWhy ? l10n.t('Not in the catalogue: {0}', call.unrecognisedWhy) : '',
    ...call.problems.slice(0, 10).map((p) => p.severity === 'error' ? l10n.t('Error at {0}: {1}', p.path || '(body)', p.message) : l10n.t('Warning at {0}: {1}', p.path || '(body)', p.message)),
    call.problems.length > 10 ? l10n.t('… and {0} more (open the response)', call.problems.length - 10) : '',
    call.fault ? l10n.t('Fault: {0}', call.fault) : '',
    l10n.t('Upstream: {0}', `${e.environment.name}${e.environment.live ? ' · LIVE' : ''}`),
    l10n.t('Seen {0}', e.startedAt),
  ];
  return { label: tapOperationText(call), description, tooltip: lines.filter(Boolean).join('\n') };
}

/** `127.0.0.1:PORT` of `http://127.0.0.1:PORT`. */
export function tapAddress(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

export interface TapStatus {
  url: string;
  tlsUrl: string | undefined;
  caFile: string | undefined;
  upstream: { name: string; url: string; live: boolean };
  seen: number;
  faults: readonly FaultRule[];
}

/** The status bar item: "$(radio-tower) Tap 127.0.0.1:PORT · N calls", and its tooltip. */
export function tapStatusText(s: TapStatus): { text: string; tooltip: string } {
  const calls = `${s.seen} call${s.seen === 1 ? '' : 's'}`;
  const tooltip = [
    `Gateway Tap at ${s.url}: set your server's gateway base URL to it.`,
    s.tlsUrl ? (s.caFile ? l10n.t('TLS: {0} (trust the CA file {1})', s.tlsUrl, s.caFile) : `TLS: ${s.tlsUrl}`) : l10n.t('TLS: not listening'),
    `Upstream: ${s.upstream.name}${s.upstream.live ? ' · LIVE' : ''} (${s.upstream.url})`,
    `Faults: ${s.faults.length ? s.faults.map(describeFaultRule).join(', ') : 'none'}`,
    `${calls} seen. Click for the tap's menu.`,
  ];
  return { text: `$(radio-tower) Tap ${tapAddress(s.url)} · ${calls}`, tooltip: tooltip.join('\n') };
}

export interface UpstreamChoice {
  env: StoredEnvironment;
  description: string;
  /** A simulator environment while the simulator is not running: picking it starts the simulator. */
  startsSimulator: boolean;
}

/**
 * The environments the tap can forward to (those with a gateway URL): the running local simulator
 * first, then the others as saved, a LIVE one marked; the simulator's when it is stopped, last.
 */
export function upstreamChoices(envs: readonly StoredEnvironment[], simulatorRunning: boolean): UpstreamChoice[] {
  const withGateway = envs.filter((e) => e.gatewayUrl !== undefined);
  const isSim = (e: StoredEnvironment) => e.simulator === true;
  const choice = (env: StoredEnvironment, live: boolean): UpstreamChoice => ({
    env,
    description: [env.gatewayUrl ?? '', live ? 'LIVE' : '', isSim(env) && !simulatorRunning ? l10n.t('simulator not running: starts it') : ''].filter(Boolean).join(' · '),
    startsSimulator: isSim(env) && !simulatorRunning,
  });
  return [
    ...(simulatorRunning ? withGateway.filter(isSim) : []),
    ...withGateway.filter((e) => !isSim(e)),
    ...(simulatorRunning ? [] : withGateway.filter(isSim)),
  ].map((env) => choice(env, isLive(env)));
}

/**
 * The calls of the order `row` belongs to, oldest first: every recognised call with the same order
 * id, and every call of no order on a payment session that one of those calls used (Create and
 * Update Session name no order). A financing call brings the calls of its sign-in. A call of no
 * order (and no session an order used) stands alone.
 */
export function callsOfOrder(calls: readonly TapCall[], row: TapCall): TapCall[] {
  const orderId = row.orderId ?? (row.sessionId !== undefined ? calls.find((c) => c.sessionId === row.sessionId && c.orderId !== undefined)?.orderId : undefined);
  // A financing call: the calls of its sign-in (Login, Offers, Refresh, Logout), one conversation.
  if (orderId === undefined && row.conversation !== undefined) return calls.filter((c) => c.conversation === row.conversation).sort((a, b) => a.seq - b.seq);
  if (orderId === undefined) return row.recognised ? [row] : [];
  const sessions = new Set(calls.filter((c) => c.orderId === orderId && c.sessionId !== undefined).map((c) => c.sessionId));
  // Another order that paid with the same session (a retry on a new order) is that order's, not this one's.
  return calls.filter((c) => c.recognised && (c.orderId === orderId || (c.orderId === undefined && c.sessionId !== undefined && sessions.has(c.sessionId)))).sort((a, b) => a.seq - b.seq);
}
