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
  if (!info) return { code: text, known: false, meaning: unknownMeaning(text) };
  return { code: text, known: true, meaning: info.meaning, category: info.category, nextStep: info.nextStep };
}

/**
 * v100 answers UNKNOWN_IN_VERSION in an enum field when the true value has no name in the API
 * version asked for; any other unlisted code is newer than this workbench's tables.
 */
function unknownMeaning(code: string): string {
  if (code === UNKNOWN_IN_VERSION) return 'not known to this workbench: the gateway holds a value this API version cannot name (a newer version shows it)';
  return 'not known to this workbench';
}

const UNKNOWN_IN_VERSION = 'UNKNOWN_IN_VERSION';

function codeText(code: unknown): string {
  if (typeof code === 'string') return code === '' ? '(empty)' : code;
  if (typeof code === 'number' || typeof code === 'boolean') return String(code);
  if (code === null || code === undefined) return '(missing)';
  return '(not a code)';
}
