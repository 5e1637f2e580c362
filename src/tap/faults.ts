/**
 * Faults on demand: what the tap does to a call instead of passing it through, so a developer sees
 * how their server copes with a slow, silent, failing or repeating gateway. One plan, set from the
 * CLI (`--fault`), a file (`--faults`) or a VS Code command; rules are consumed as they match.
 */
import type { FaultKind, FaultRule } from './types';

export const FAULT_KINDS: readonly FaultKind[] = ['delay', 'timeout', 'reset', 'status', 'busy', 'twice'];
const FAULT_STATUSES = [500, 502, 503];
const MAX_DELAY_MS = 600_000;
const MAX_RULES = 100;

export class FaultRuleError extends Error {}

/** What each kind does, for help texts and pickers. */
export const FAULT_MEANINGS: Record<FaultKind, string> = {
  delay: 'wait N ms, then forward',
  timeout: 'forward (the gateway does it), never answer your server',
  reset: 'forward (the gateway does it), then reset the connection',
  status: 'answer 500, 502 or 503 without forwarding',
  busy: "answer the gateway's busy error (503 SERVER_BUSY) without forwarding",
  twice: 'forward twice (a duplicate reaches the gateway); answer with the second',
};

/**
 * `OPERATION:KIND[=VALUE][@COUNT|%SHARE]`: `pay:delay=2000`, `authorize:timeout@1` (the next call
 * only), `*:503%20` (a fifth of all calls), `refund:reset`, `pay:busy`, `pay:twice`. A bare status
 * (500, 502, 503) is short for status=N.
 */
export function parseFaultRule(text: string): FaultRule {
  const where = `fault ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}`;
  const match = /^([A-Za-z0-9_.*-]{1,80}):([a-z0-9]{1,10})(?:=(\d{1,7}))?(?:@(\d{1,7})|%(\d{1,3}))?$/.exec(text.trim());
  if (!match) throw new FaultRuleError(`${where}: expected OPERATION:KIND[=VALUE][@COUNT|%SHARE], for example pay:delay=2000, authorize:timeout@1 or *:503%20; the kinds are ${FAULT_KINDS.join(', ')}`);
  const [, operation = '*', kindText = '', value, count, percent] = match;
  const status = /^\d+$/.test(kindText) ? Number(kindText) : undefined;
  const kind = (status !== undefined ? 'status' : kindText) as FaultKind;
  const rule: FaultRule = { operation, kind };
  if (status !== undefined) rule.status = status;
  else if (kind === 'status' && value !== undefined) rule.status = Number(value);
  if (kind === 'delay' && value !== undefined) rule.delayMs = Number(value);
  if (count !== undefined) rule.count = Number(count);
  if (percent !== undefined) rule.share = Number(percent) / 100;
  return checkedFaultRule(rule, where);
}

/** A rule from a file or a message: each field checked, the same words as the text form's. */
export function checkedFaultRule(raw: unknown, where: string): FaultRule {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FaultRuleError(`${where}: must be an object such as { "operation": "pay", "kind": "delay", "delayMs": 2000 }`);
  const r = raw as Record<string, unknown>;
  const operation = r.operation;
  if (typeof operation !== 'string' || !/^[A-Za-z0-9_.*-]{1,80}$/.test(operation)) throw new FaultRuleError(`${where}: "operation" must be an operation ("pay", "gateway.authorize") or "*"`);
  const kind = r.kind;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) throw new FaultRuleError(`${where}: "kind" must be one of ${FAULT_KINDS.join(', ')}, got ${JSON.stringify(kind)}`);
  const rule: FaultRule = { operation, kind: kind as FaultKind };
  if (kind === 'delay') rule.delayMs = wholeIn(r.delayMs, 1, MAX_DELAY_MS, `${where}: a delay needs "delayMs"`);
  if (kind === 'status') {
    const status = r.status;
    if (typeof status !== 'number' || !FAULT_STATUSES.includes(status)) throw new FaultRuleError(`${where}: a status fault answers ${FAULT_STATUSES.join(', ')}, got ${JSON.stringify(status ?? null)}`);
    rule.status = status;
  }
  if (r.count !== undefined) rule.count = wholeIn(r.count, 1, 1_000_000, `${where}: "count"`);
  if (r.share !== undefined) {
    if (typeof r.share !== 'number' || !(r.share > 0 && r.share <= 1)) throw new FaultRuleError(`${where}: "share" must be more than 0 and at most 1 (a percentage as %N in the text form)`);
    rule.share = r.share;
  }
  return rule;
}

function wholeIn(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new FaultRuleError(`${what} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value ?? null)}`);
  return value;
}

/** `{ "faults": [ … ] }` or a bare array: the file form of a plan. */
export function faultPlanFromJson(json: unknown, where: string): FaultRule[] {
  const list = Array.isArray(json) ? json : typeof json === 'object' && json !== null ? (json as { faults?: unknown }).faults : undefined;
  if (!Array.isArray(list)) throw new FaultRuleError(`${where}: must be { "faults": [ … ] }`);
  if (list.length > MAX_RULES) throw new FaultRuleError(`${where}: at most ${MAX_RULES} fault rules, got ${list.length}`);
  return list.map((raw, i) => checkedFaultRule(raw, `${where}: fault ${i + 1}`));
}

/** How a rule reads in a line or a tooltip: the text form. */
export function describeFaultRule(rule: FaultRule): string {
  const value = rule.kind === 'delay' ? `=${rule.delayMs ?? 0}` : '';
  const kind = rule.kind === 'status' ? String(rule.status ?? 500) : rule.kind;
  const limit = rule.count !== undefined ? `@${rule.count}` : rule.share !== undefined ? `%${Math.round(rule.share * 100)}` : '';
  return `${rule.operation}:${kind}${value}${limit}`;
}

/** The names a rule's operation may match for a call: its catalogue id, the id's last part, its apiOperation. */
export interface CallNames {
  operationId?: string;
  apiOperation?: string;
}

function matches(rule: FaultRule, names: CallNames): boolean {
  if (rule.operation === '*') return true;
  const wanted = rule.operation.toLowerCase();
  const id = names.operationId?.toLowerCase();
  return wanted === id || wanted === id?.slice(id.indexOf('.') + 1) || wanted === names.apiOperation?.toLowerCase();
}

/** The live plan: the first matching rule applies; a counted rule is spent as it applies. */
export class FaultPlan {
  private rules: FaultRule[] = [];

  constructor(rules: readonly FaultRule[] = [], private readonly random: () => number = Math.random) {
    this.set(rules);
  }

  set(rules: readonly FaultRule[]): void {
    this.rules = rules.slice(0, MAX_RULES).map((r) => ({ ...r }));
  }

  current(): readonly FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** True when some rule names an operation: only then must a call be recognised before it is forwarded. */
  needsNames(): boolean {
    return this.rules.some((r) => r.operation !== '*');
  }

  isEmpty(): boolean {
    return this.rules.length === 0;
  }

  take(names: CallNames): FaultRule | undefined {
    const at = this.rules.findIndex((r) => matches(r, names));
    const rule = this.rules[at];
    if (!rule) return undefined;
    if (rule.share !== undefined && this.random() >= rule.share) return undefined;
    if (rule.count !== undefined) {
      rule.count -= 1;
      if (rule.count <= 0) this.rules.splice(at, 1);
    }
    return { ...rule };
  }
}
