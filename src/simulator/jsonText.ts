import { DecimalNumber } from './money';

/** JSON values the simulator answers with; DecimalNumber is printed as a bare number literal. */
export type JsonOut = string | number | boolean | null | undefined | DecimalNumber | JsonOut[] | { [key: string]: JsonOut };

/** Like JSON.stringify, but prints DecimalNumber verbatim and skips undefined members. */
export function jsonText(value: JsonOut): string {
  if (value instanceof DecimalNumber) return value.text;
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : jsonText(v))).join(',')}]`;
  if (typeof value === 'object') {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) parts.push(`${JSON.stringify(k)}:${jsonText(v)}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A parsed JSON object (the only request body shape either API accepts). */
export type JsonObject = { [key: string]: unknown };

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a dotted path ("order.amount", "item[0].name") from a parsed body. */
export function getPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const part of path.split('.')) {
    const m = /^([^[\]]+)((?:\[\d+\])*)$/.exec(part);
    if (!m || !isObject(current)) return undefined;
    current = current[m[1] as string];
    for (const index of (m[2] ?? '').match(/\d+/g) ?? []) {
      if (!Array.isArray(current)) return undefined;
      current = current[Number(index)];
    }
  }
  return current;
}

export function getString(root: unknown, path: string): string | undefined {
  const v = getPath(root, path);
  return typeof v === 'string' ? v : undefined;
}

/** Deep merge where `over` wins; used for session fields under provided fields. */
export function deepMerge(base: JsonObject, over: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const prev = out[k];
    out[k] = isObject(prev) && isObject(v) ? deepMerge(prev, v) : v;
  }
  return out;
}
