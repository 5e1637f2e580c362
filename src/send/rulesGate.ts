/**
 * The "rules fail" question before a send: asked only for errors (what the real gateway rejects).
 * Warnings (what it accepts although the spec says otherwise) never trigger it; when it is asked
 * anyway, they are listed apart so the person sees which problems matter.
 */
import type { ValidationIssue } from '../catalogue';

export interface RulesQuestion {
  message: string;
  detail: string;
}

const LISTED = 6;

function bullets(issues: readonly ValidationIssue[]): string {
  const more = issues.length > LISTED ? `\n…and ${issues.length - LISTED} more` : '';
  return issues.slice(0, LISTED).map((i) => `• ${i.message}`).join('\n') + more;
}

/** Undefined when nothing blocks the send (no issue, or warnings only). */
export function rulesQuestion(title: string, issues: readonly ValidationIssue[]): RulesQuestion | undefined {
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length === 0) return undefined;
  const warnings = issues.filter((i) => i.severity === 'warning');
  const n = errors.length;
  const detail = warnings.length === 0
    ? bullets(errors)
    : `Errors (the gateway rejects these):\n${bullets(errors)}\n\nWarnings (the gateway accepts these):\n${bullets(warnings)}`;
  return { message: `${title}: ${n} rule${n === 1 ? '' : 's'} fail${n === 1 ? 's' : ''}. The gateway will likely reject it.`, detail };
}
