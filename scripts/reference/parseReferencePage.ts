/**
 * Reads the text of one gateway API reference page (one operation, one API version, as the public reference
 * shows it: one line per label) and lists its request fields as the catalogue's reference data files want them.
 *
 *   node out/scripts/reference/parseReferencePage.js PAGE.txt --operation gateway.refund --version 100 \
 *     --page https://…/operation/Transaction%3a%20%20Refund.html --copy 'owner/repo path' [--read 2026-12-05] [--out FILE]
 *
 * The page text is read from a file saved outside the repository; only the derived field list is written.
 *
 * The grammar, as the pages print it (a field is recognised only by the lines that follow its path, never by its
 * path alone, so prose that names a field is not taken for one):
 *
 *   fieldPath                      a.b.c, lists as a.b[n].c (written a.b[].c here)
 *   Type line                      absent for a parameter group (an object)
 *   REQUIRED | OPTIONAL | CONDITIONAL, or `= VALUE` then FIXED (apiOperation)
 *   description prose …
 *   Value must be a member of the following list. …   then VALUE lines, each usually followed by a description
 *   Data may consist of the characters 0-9, a-z, A-Z, '-', '_'
 *   Min length: 1 Max length: 100 | Min value: … Max value: … | Max post-decimal digits: 3
 *
 * The request list starts after "Show optional fields" (or the "Fields" line under "Request") and ends at the
 * "Response" line that is followed by "Fields" (a lone "Response" line also occurs inside descriptions).
 * Every step is a single pass over the lines; no regular expression can backtrack.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export type ReferenceFieldType =
  | 'object'
  | 'string'
  | 'enum'
  | 'decimal'
  | 'signedDecimal'
  | 'integer'
  | 'boolean'
  | 'date'
  | 'dateTime'
  | 'url'
  | 'email'
  | 'json'
  | 'telephone';

export interface ReferenceField {
  path: string;
  type: ReferenceFieldType;
  /** true for REQUIRED, false for OPTIONAL, 'conditional' for CONDITIONAL; a FIXED field is required. */
  required?: boolean | 'conditional';
  /** The only value a FIXED field (apiOperation) takes. */
  fixed?: string;
  enum?: string[];
  /** 'comma' for a "Comma separated enumeration": one or more of `enum`, joined by commas. */
  list?: 'comma';
  /** The characters the page allows, ranges and single characters run together: "0-9a-zA-Z-_". */
  charset?: string;
  /** A finer kind of string the page names: time, hex, ascii, regex, masked, track1, track2. */
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  fractionDigits?: number;
  /** Telephone numbers: the most digits, country code included. */
  maxDigits?: number;
  /** The page's own type word, kept where the mapped `type` alone would lose it. */
  pageType?: string;
}

export interface ParsedReferencePage {
  fields: ReferenceField[];
  /** False when the copy says the optional fields were hidden ("please toggle on …"): the list is then partial. */
  optionalFieldsShown: boolean;
  /** Whether a request field list was found at all. */
  foundRequest: boolean;
  /** Type words the parser does not know, and other oddities, one line each. */
  warnings: string[];
}

const REQUIREDNESS: ReadonlyMap<string, boolean | 'conditional'> = new Map<string, boolean | 'conditional'>([
  ['REQUIRED', true],
  ['OPTIONAL', false],
  ['CONDITIONAL', 'conditional'],
]);

interface TypeWord {
  type: ReferenceFieldType;
  /** Whether `type` says all the page's word says (else the word is kept as pageType). */
  exact: boolean;
  format?: string;
  list?: 'comma';
}

const TYPE_WORDS: ReadonlyMap<string, TypeWord> = new Map<string, TypeWord>([
  ['String', { type: 'string', exact: true }],
  ['Enumeration', { type: 'enum', exact: true }],
  ['Comma separated enumeration', { type: 'enum', exact: false, list: 'comma' }],
  ['Decimal', { type: 'decimal', exact: true }],
  ['Signed decimal', { type: 'signedDecimal', exact: true }],
  ['Boolean', { type: 'boolean', exact: true }],
  ['Integer', { type: 'integer', exact: true }],
  ['Date', { type: 'date', exact: true }],
  ['DateTime', { type: 'dateTime', exact: true }],
  ['Url', { type: 'url', exact: true }],
  ['Email', { type: 'email', exact: true }],
  ['JSON Text', { type: 'json', exact: true }],
  ['Telephone Number', { type: 'telephone', exact: true }],
  ['Upper case alphabetic text', { type: 'string', exact: false }],
  ['Alphanumeric', { type: 'string', exact: false }],
  ['Alphanumeric + additional characters', { type: 'string', exact: false }],
  ['Digits', { type: 'string', exact: false }],
  ['Masked digits', { type: 'string', exact: false, format: 'masked' }],
  ['ASCII Text', { type: 'string', exact: false, format: 'ascii' }],
  ['Regex', { type: 'string', exact: false, format: 'regex' }],
  ['Time', { type: 'string', exact: false, format: 'time' }],
  ['Hex', { type: 'string', exact: false, format: 'hex' }],
  ['Base64', { type: 'string', exact: false, format: 'base64' }],
  ['Track 1 Data', { type: 'string', exact: false, format: 'track1' }],
  ['Track 2 Data', { type: 'string', exact: false, format: 'track2' }],
]);

const ENUM_HEADERS = ['Value must be a member of the following list', 'Value must be one or more comma separated members'];

function isLower(c: string): boolean {
  return c >= 'a' && c <= 'z';
}

function isWordChar(c: string): boolean {
  return isLower(c) || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_';
}

/** A field path: dot-separated words, the first starting lower case, each optionally ending in `[n]`. */
export function isFieldPath(line: string): boolean {
  if (line.length === 0 || !isLower(line[0] ?? '')) return false;
  for (const segment of line.split('.')) {
    const word = segment.endsWith('[n]') ? segment.slice(0, -3) : segment;
    if (word.length === 0) return false;
    for (const c of word) if (!isWordChar(c)) return false;
  }
  return true;
}

/** An enumeration value as the pages print them: upper case letters, digits, `_` and `-`. */
function isEnumToken(line: string): boolean {
  if (line.length === 0) return false;
  let letters = 0;
  for (const c of line) {
    if (c >= 'A' && c <= 'Z') letters++;
    else if (!((c >= '0' && c <= '9') || c === '_' || c === '-')) return false;
  }
  return letters > 0;
}

function isRequiredness(line: string | undefined): boolean {
  return line !== undefined && (REQUIREDNESS.has(line) || line.startsWith('= '));
}

/** The number token right after `label` in `line` (digits, '.', '-'), or undefined. */
function numberToken(line: string, label: string): string | undefined {
  const at = line.indexOf(label);
  if (at < 0) return undefined;
  let i = at + label.length;
  while (line[i] === ' ') i++;
  let end = i;
  for (let c = line[end] ?? ''; c === '-' || c === '.' || (c >= '0' && c <= '9'); c = line[end] ?? '') end++;
  return end === i ? undefined : line.slice(i, end);
}

/** The number right after `label` in `line`, or undefined. */
function numberAfter(line: string, label: string): number | undefined {
  const token = numberToken(line, label);
  const n = token === undefined ? NaN : Number(token);
  return Number.isFinite(n) ? n : undefined;
}

/** Whether a number token survives as a JSON number (9999999999999999 does not: it is past double precision). */
function isExactNumber(token: string): boolean {
  const n = Number(token);
  return Number.isFinite(n) && (token.includes('.') || Number.isSafeInteger(n) || String(n) === token);
}

/**
 * "0-9, a-z, A-Z, '-', '_'" → "0-9a-zA-Z-_". Quoted items are single characters (`','` and `'''` included);
 * the others are ranges or words, kept as written.
 */
export function parseCharset(list: string): string {
  let out = '';
  let i = 0;
  while (i < list.length) {
    if (list[i] === "'" && i + 2 < list.length && list[i + 2] === "'") {
      out += list[i + 1];
      i += 3;
    } else {
      let end = list.indexOf(', ', i);
      if (end < 0) end = list.length;
      out += list.slice(i, end).trim();
      i = end;
    }
    if (list.startsWith(', ', i)) i += 2;
  }
  return out;
}

interface Bounds {
  start: number;
  end: number;
  optionalFieldsShown: boolean;
  found: boolean;
}

function requestBounds(lines: readonly string[]): Bounds {
  let request = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === 'Request') {
      request = i;
      break;
    }
  }
  let start = -1;
  let fieldsLine = -1;
  for (let i = request + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === 'Show optional fields') {
      start = i + 1;
      break;
    }
    if (line === 'Fields' && fieldsLine < 0) fieldsLine = i;
    if (line === 'Response' && lines[i + 1] === 'Fields') break;
  }
  if (start < 0 && fieldsLine >= 0) start = fieldsLine + 1;
  if (start < 0) return { start: 0, end: 0, optionalFieldsShown: false, found: false };
  let end = lines.length;
  let optionalFieldsShown = true;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if ((line === 'Response' && lines[i + 1] === 'Fields') || line === 'Errors') {
      end = i;
      break;
    }
    if (line.startsWith('To view the optional fields')) optionalFieldsShown = false;
  }
  return { start, end, optionalFieldsShown, found: true };
}

interface FieldHead {
  line: number;
  path: string;
  typeWord?: string;
  requiredness: string;
  /** First line of the body (after the requiredness line, or after FIXED). */
  body: number;
}

function headAt(lines: readonly string[], i: number, end: number): FieldHead | undefined {
  const line = lines[i] ?? '';
  if (!isFieldPath(line)) return undefined;
  const next = lines[i + 1];
  const after = lines[i + 2];
  let typeWord: string | undefined;
  let requiredness: string;
  let body: number;
  if (i + 1 < end && isRequiredness(next)) {
    requiredness = next ?? '';
    body = i + 2;
  } else if (i + 2 < end && next !== undefined && next !== '' && isRequiredness(after)) {
    typeWord = next;
    requiredness = after ?? '';
    body = i + 3;
  } else {
    return undefined;
  }
  if (requiredness.startsWith('= ') && lines[body] === 'FIXED') body++;
  return { line: i, path: line, typeWord, requiredness, body };
}

function applyConstraint(field: ReferenceField, line: string): void {
  const mayConsist = 'Data may consist of the characters';
  const mustConsist = 'Data must consist of the characters';
  const consist = line.startsWith(mayConsist) ? mayConsist : line.startsWith(mustConsist) ? mustConsist : undefined;
  if (consist !== undefined) {
    let rest = line.slice(consist.length).trim();
    if (rest.startsWith(':')) rest = rest.slice(1).trim();
    if (rest.length > 0) field.charset = parseCharset(rest);
  } else if (line.startsWith('Data is a string that consists of the characters 0-9')) {
    if (line.includes("'-'")) {
      if (field.type === 'decimal') field.type = 'signedDecimal';
    } else if (line.includes("plus 'x'")) {
      field.charset = '0-9x';
    } else if (field.type === 'string') {
      field.charset = '0-9';
    }
  } else if (line.startsWith('Data is a number between ')) {
    // "Data is a number between 1 and 12 represented as a string."
    // Past double precision (between 1 and 9999999999999999) the upper bound is kept as a digit count instead.
    field.charset = '0-9';
    const min = numberToken(line, 'between');
    const max = numberToken(line, ' and ');
    if (min !== undefined && max !== undefined && isExactNumber(min) && isExactNumber(max)) {
      field.min = Number(min);
      field.max = Number(max);
    } else if (max !== undefined) {
      field.minLength = 1;
      field.maxLength = max.length;
    }
  } else if (line.startsWith('regex ')) {
    const message = line.indexOf(' message ');
    field.pattern = line.slice('regex '.length, message < 0 ? line.length : message);
  }
  const minLength = numberAfter(line, 'Min length:');
  const maxLength = numberAfter(line, 'Max length:');
  const min = numberAfter(line, 'Min value:');
  const max = numberAfter(line, 'Max value:');
  const fractionDigits = numberAfter(line, 'Max post-decimal digits:');
  const maxDigits = numberAfter(line, 'Max total digits:');
  if (minLength !== undefined) field.minLength = minLength;
  if (maxLength !== undefined) field.maxLength = maxLength;
  if (min !== undefined) field.min = min;
  if (max !== undefined) field.max = max;
  if (fractionDigits !== undefined) field.fractionDigits = fractionDigits;
  if (maxDigits !== undefined) field.maxDigits = maxDigits;
}

function buildField(lines: readonly string[], head: FieldHead, bodyEnd: number, warnings: string[]): ReferenceField {
  const path = head.path.split('[n]').join('[]');
  let field: ReferenceField;
  if (head.typeWord === undefined) {
    field = { path, type: 'object' };
  } else {
    const known = TYPE_WORDS.get(head.typeWord);
    if (!known) warnings.push(`${path}: unknown type "${head.typeWord}", taken as string`);
    field = { path, type: known?.type ?? 'string' };
    if (known?.list) field.list = known.list;
    if (known?.format) field.format = known.format;
    if (!known || !known.exact) field.pageType = head.typeWord;
  }
  if (head.requiredness.startsWith('= ')) {
    field.required = true;
    field.fixed = head.requiredness.slice(2).trim();
  } else {
    field.required = REQUIREDNESS.get(head.requiredness) ?? false;
  }

  let inEnum = false;
  let expectValue = false;
  let previousWasValue = false;
  const values: string[] = [];
  for (let i = head.body; i < bodyEnd; i++) {
    const line = lines[i] ?? '';
    if (!inEnum) {
      if (ENUM_HEADERS.some((h) => line.startsWith(h))) {
        inEnum = true;
        expectValue = true;
        previousWasValue = false;
        continue;
      }
      applyConstraint(field, line);
      continue;
    }
    // Inside an enumeration block: VALUE, then (usually) a description line, then a blank line.
    if (line === '') {
      expectValue = true;
      previousWasValue = false;
      continue;
    }
    if ((expectValue || previousWasValue) && isEnumToken(line)) {
      values.push(line);
      previousWasValue = true;
    } else {
      previousWasValue = false;
    }
    expectValue = false;
  }
  if (inEnum) {
    if (field.type !== 'enum') warnings.push(`${path}: a value list under type "${head.typeWord ?? '(group)'}"`);
    field.enum = values;
    if (values.length === 0) warnings.push(`${path}: an enumeration with no values`);
  } else if (field.type === 'enum') {
    warnings.push(`${path}: an enumeration whose values the page does not list`);
  }
  return field;
}

/** Parse a reference page's text into its request fields, in page order. */
export function parseReferencePage(text: string): ParsedReferencePage {
  const lines = text.split('\n').map((l) => l.trim());
  const bounds = requestBounds(lines);
  const warnings: string[] = [];
  if (!bounds.found) return { fields: [], optionalFieldsShown: false, foundRequest: false, warnings: ['no request field list found'] };

  const heads: FieldHead[] = [];
  for (let i = bounds.start; i < bounds.end; i++) {
    const head = headAt(lines, i, bounds.end);
    if (head) {
      heads.push(head);
      i = head.body - 1;
    }
  }
  const fields: ReferenceField[] = [];
  const seen = new Set<string>();
  heads.forEach((head, k) => {
    const bodyEnd = heads[k + 1]?.line ?? bounds.end;
    const field = buildField(lines, head, bodyEnd, warnings);
    if (seen.has(field.path)) warnings.push(`${field.path}: listed twice`);
    seen.add(field.path);
    fields.push(field);
  });
  return { fields, optionalFieldsShown: bounds.optionalFieldsShown, foundRequest: true, warnings };
}

export interface ReferenceDataFile {
  operation: string;
  version: number;
  complete: boolean;
  source: { page: string; copy: string; read: string };
  fields: ReferenceField[];
}

/** The data file for one operation page. `complete` only when the copy showed the optional fields too. */
export function toDataFile(parsed: ParsedReferencePage, meta: { operation: string; version: number; page: string; copy: string; read: string }): ReferenceDataFile {
  return {
    operation: meta.operation,
    version: meta.version,
    complete: parsed.foundRequest && parsed.optionalFieldsShown,
    source: { page: meta.page, copy: meta.copy, read: meta.read },
    fields: parsed.fields.map(ordered),
  };
}

const KEY_ORDER: readonly (keyof ReferenceField)[] = ['path', 'type', 'required', 'fixed', 'enum', 'list', 'charset', 'format', 'pattern', 'minLength', 'maxLength', 'min', 'max', 'fractionDigits', 'maxDigits', 'pageType'];

/** The same field with its keys in one order, so data files diff well. */
function ordered(field: ReferenceField): ReferenceField {
  const out: Record<string, unknown> = {};
  for (const key of KEY_ORDER) if (field[key] !== undefined) out[key] = field[key];
  return out as unknown as ReferenceField;
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function main(args: readonly string[]): number {
  const file = args[0];
  const operation = option(args, 'operation');
  const version = Number(option(args, 'version'));
  const page = option(args, 'page');
  const copy = option(args, 'copy');
  if (!file || !operation || !Number.isInteger(version) || !page || !copy) {
    process.stderr.write('usage: parseReferencePage PAGE.txt --operation ID --version N --page URL --copy WHERE [--read YYYY-MM-DD] [--partial] [--out FILE]\n');
    return 2;
  }
  const parsed = parseReferencePage(fs.readFileSync(file, 'utf8'));
  for (const w of parsed.warnings) process.stderr.write(`warning: ${w}\n`);
  const data = toDataFile(parsed, { operation, version, page, copy, read: option(args, 'read') ?? new Date().toISOString().slice(0, 10) });
  // A copy can show the optional-fields switch and still be cut short: --partial says so.
  if (args.includes('--partial')) data.complete = false;
  const json = `${JSON.stringify(data, null, 2)}\n`;
  const out = option(args, 'out');
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, json);
    process.stderr.write(`${out}: ${data.fields.length} fields, complete: ${data.complete}\n`);
  } else {
    process.stdout.write(json);
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
