import type { CodeInfo, CodeTable } from '../catalogue/codes';
import { ownValue } from '../json/ownKey';
import type { CodeExplanation } from './types';

/**
 * Looks a code up in a table. Never throws: a code the table does not hold (or a non-string) comes
 * back as `known: false`, because gateways add codes faster than documents list them.
 */
export function explainCode(table: CodeTable, code: unknown): CodeExplanation {
  const text = codeText(code);
  const info: CodeInfo | undefined = ownValue(table, text);
  if (!info) return { code: text, known: false, meaning: `unknown code ${text}` };
  return { code: text, known: true, meaning: info.meaning, category: info.category, nextStep: info.nextStep };
}

function codeText(code: unknown): string {
  if (typeof code === 'string') return code === '' ? '(empty)' : code;
  if (typeof code === 'number' || typeof code === 'boolean') return String(code);
  if (code === null || code === undefined) return '(missing)';
  return '(not a code)';
}
