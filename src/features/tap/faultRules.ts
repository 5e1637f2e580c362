/**
 * What *Set Gateway Tap Faults…* asks, turned into the tap's rules: the picker's answers (kind,
 * operation, value, how often) or rules typed in the text form. Both go through the tap's own
 * parser, so a rule reads and fails the same way as `--fault` in the CLI. No vscode import.
 */
import * as l10n from '@vscode/l10n';
import { describeFaultRule, FAULT_KINDS, FAULT_MEANINGS, FaultRuleError, parseFaultRule } from '../../tap/faults';
import type { FaultKind, FaultRule } from '../../tap/types';

/** At most this many rules at once (the tap's own plan keeps no more). */
const MAX_RULES = 100;

export interface FaultAnswers {
  kind: FaultKind;
  /** An operation key ("pay"), id ("gateway.pay"), apiOperation ("PAY") or "*" (empty means "*"). */
  operation: string;
  /** delay: milliseconds; status: 500, 502 or 503. */
  value?: string;
  /** "" or "always" for every matching call; "3" (the next 3), "20%" (a fifth of them). */
  often?: string;
}

/** What each kind asks for a value, if anything. */
export function valueAskedFor(kind: FaultKind): { prompt: string; placeholder: string } | undefined {
  if (kind === 'delay') return { prompt: l10n.t('Delay in milliseconds before the call is forwarded'), placeholder: '2000' };
  if (kind === 'status') return { prompt: l10n.t('Status the tap answers with: 500, 502 or 503'), placeholder: '503' };
  return undefined;
}

/** The picker's items for the kinds: each with what it does. */
export function faultKindItems(): { fault: FaultKind; label: string; detail: string }[] {
  return FAULT_KINDS.map((fault) => ({ fault, label: fault, detail: FAULT_MEANINGS[fault] }));
}

/** The rule the answers make, or a FaultRuleError saying which answer is wrong. */
export function faultRuleOf(a: FaultAnswers): FaultRule {
  const operation = a.operation.trim() === '' ? '*' : a.operation.trim();
  const value = (a.value ?? '').trim();
  if (valueAskedFor(a.kind) && !/^\d{1,7}$/.test(value)) throw new FaultRuleError(l10n.t('{0}: {1}, as a whole number; got {2}', a.kind, valueAskedFor(a.kind)?.prompt.toLowerCase() ?? '', JSON.stringify(value)));
  const often = (a.often ?? '').trim().toLowerCase();
  let limit = '';
  if (often === '' || often === 'always') limit = '';
  else if (/^\d{1,7}$/.test(often)) limit = `@${often}`;
  else if (/^\d{1,3}%$/.test(often)) limit = `%${often.slice(0, -1)}`;
  else throw new FaultRuleError(l10n.t('how often: empty for every call, a number N for the next N calls, or N% for that share of calls; got {0}', JSON.stringify(a.often)));
  const kind = a.kind === 'status' ? value : a.kind === 'delay' ? `delay=${value}` : a.kind;
  return parseFaultRule(`${operation}:${kind}${limit}`);
}

/** Rules typed in the text form, separated by commas, spaces or new lines: `pay:delay=2000, *:503%20`. */
export function parseFaultRules(text: string): FaultRule[] {
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  if (parts.length > MAX_RULES) throw new FaultRuleError(l10n.t('at most {0} fault rules, got {1}', MAX_RULES, parts.length));
  return parts.map((p) => parseFaultRule(p));
}

/** The current rules as the text form (what the text box starts with). */
export function faultRulesText(rules: readonly FaultRule[]): string {
  return rules.map(describeFaultRule).join(', ');
}

/** Input-box validation: undefined when the text parses, else the parser's words. */
export function faultRulesProblem(text: string): string | undefined {
  try {
    parseFaultRules(text);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
