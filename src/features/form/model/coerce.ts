/**
 * Text typed into a field → the JSON value it stands for, by the field's wire type. Nothing the
 * user typed is lost: text that does not parse as a number stays text, and validation says why.
 */
import type { FieldMeta } from '../../../catalogue/fieldIndex';
import type { Json } from './json';

/** JSON's own number grammar: '1e3' and '-0.5' are numbers, '12.', '0x1F' and ' 12' are not. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** The value for `text`, or undefined when the field is empty (an empty field is not sent). */
export function textToValue(meta: Pick<FieldMeta, 'jsonType'>, text: string): Json | undefined {
  if (text === '') return undefined;
  if (meta.jsonType === 'number' && JSON_NUMBER.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return n;
  }
  if (meta.jsonType === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** What a text control shows for a value (anything odd a file put there is shown as its JSON). */
export function valueToText(value: Json | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

interface LengthCount {
  text: string;
  over: boolean;
}

/** "41/40" for fields with a maximum length; over when the text is longer than allowed. */
export function lengthCount(meta: Pick<FieldMeta, 'maxLength' | 'jsonType'>, text: string): LengthCount | undefined {
  if (meta.maxLength === undefined || meta.jsonType !== 'string') return undefined;
  // Characters as the catalogue counts them (zod counts UTF-16 code units, like String.length).
  return { text: `${text.length}/${meta.maxLength}`, over: text.length > meta.maxLength };
}
