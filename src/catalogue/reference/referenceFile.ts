/**
 * The request fields of one operation at one API version, as the gateway's public API reference page
 * lists them (scripts/reference/parseReferencePage.ts writes data/*.json from a page; SOURCES.md says
 * which page and where it was read). Facts only: path, type, requiredness, lengths, values. The page's
 * prose is not kept; the catalogue words its own help.
 */

export type ReferenceType =
  | 'object' | 'string' | 'enum' | 'decimal' | 'signedDecimal' | 'integer' | 'boolean'
  | 'date' | 'dateTime' | 'url' | 'email' | 'json' | 'telephone';

export interface ReferenceField {
  /** Dotted; lists as 'item[].name'. */
  readonly path: string;
  readonly type: ReferenceType;
  /** REQUIRED on the page; 'conditional' for CONDITIONAL (required in some cases only: the catalogue treats it as optional). */
  readonly required?: boolean | 'conditional';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The characters the page allows, as character-class text ('A-Z', '0-9a-zA-Z-_'). */
  readonly charset?: string;
  readonly enum?: readonly string[];
  readonly min?: number;
  readonly max?: number;
  readonly fractionDigits?: number;
  /** apiOperation's fixed value. */
  readonly fixed?: string;
}

export interface ReferenceFile {
  readonly operation: string;
  readonly version: number;
  /** True when the page listed the optional fields too: the list is the whole request. */
  readonly complete: boolean;
  readonly source: { readonly page: string; readonly copy: string; readonly read: string };
  readonly fields: readonly ReferenceField[];
}

const TYPES: ReadonlySet<string> = new Set<ReferenceType>([
  'object', 'string', 'enum', 'decimal', 'signedDecimal', 'integer', 'boolean', 'date', 'dateTime', 'url', 'email', 'json', 'telephone',
]);

/** Checks a data file's shape once when it is loaded: a wrong file is a build mistake, said with its name and row. */
export function checkedReference(name: string, data: unknown): ReferenceFile {
  const file = data as ReferenceFile;
  const fail = (what: string): never => {
    throw new Error(`reference data ${name}: ${what}`);
  };
  if (typeof file?.operation !== 'string' || typeof file.version !== 'number' || !Array.isArray(file.fields)) fail('needs operation, version and fields');
  file.fields.forEach((f, i) => {
    if (typeof f?.path !== 'string' || !TYPES.has(f.type)) fail(`row ${i} (${String(f?.path)}) has no path or an unknown type ${String(f?.type)}`);
    if (f.type === 'enum' && !(Array.isArray(f.enum) && f.enum.length > 0)) fail(`row ${i} (${f.path}) is an enumeration without values`);
  });
  return file;
}
