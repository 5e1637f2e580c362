/** Shared test helpers: every operation/version, and value generators driven by field metadata. */
import * as fc from 'fast-check';
import { operations, type FieldMeta, type OperationId } from '../../../src/catalogue';

export interface OpVersion { id: OperationId; version: number | undefined; label: string }

export const allOpVersions: OpVersion[] = operations.flatMap((op) =>
  (op.documentedVersions.length ? op.documentedVersions : [undefined]).map((version) => ({
    id: op.id, version, label: version === undefined ? op.id : `${op.id} v${version}`,
  })),
);

export const bodyOpVersions = allOpVersions.filter((o) => operations.find((op) => op.id === o.id)?.hasBody);

/** A fixed "now" so date rules are deterministic; generated dates are later than it. */
export const NOW = new Date('2026-06-01T12:00:00Z');

const CHARSET = /^\^\[(.*)\]\*\$$/;

/**
 * Strings of exactly `length` characters that pass the field's pattern; decimals get several
 * shapes (whole, fraction, 4 decimals) because value bounds rule some out.
 */
export function candidateStringsOfLength(meta: FieldMeta, length: number): string[] {
  if (meta.kind === 'decimal' && length >= 1) {
    const shapes = [length === 1 ? '1' : `1.${'0'.repeat(length - 2)}`, `1${'0'.repeat(length - 1)}`];
    if (length >= 6) shapes.push(`1${'0'.repeat(length - 6)}.0000`);
    return shapes.filter((s) => s.length === length);
  }
  const one = validStringOfLength(meta, length);
  return one === undefined ? [] : [one];
}

/** A string of exactly `length` characters that passes the field's pattern, or undefined if we cannot make one. */
export function validStringOfLength(meta: FieldMeta, length: number): string | undefined {
  if (!meta.pattern) return 'a'.repeat(length);
  const re = new RegExp(meta.pattern);
  const candidates = ['a', 'A', '1', 'Z', '0'];
  const m = CHARSET.exec(meta.pattern);
  if (m) {
    for (const c of candidates) if (re.test(c.repeat(length))) return c.repeat(length);
    return undefined;
  }
  if (meta.kind === 'decimal' && length >= 1) return length === 1 ? '1' : length === 2 ? '10' : `1.${'0'.repeat(length - 2)}`;
  const ex = meta.example;
  if (typeof ex === 'string' && ex.length === length && re.test(ex)) return ex;
  return undefined;
}

function decimalArb(meta: FieldMeta): fc.Arbitrary<string> {
  const maxLen = meta.maxLength ?? 14;
  const intMax = maxLen >= 10 ? 99999 : maxLen >= 6 ? 99 : 9;
  return fc.tuple(fc.integer({ min: 1, max: intMax }), fc.integer({ min: 0, max: 99 }), fc.boolean())
    .map(([i, f, withFraction]) => (withFraction ? `${i}.${String(f).padStart(2, '0')}` : String(i)))
    .filter((s) => s.length <= maxLen);
}

/** A valid value for one leaf field. */
export function leafArbitrary(meta: FieldMeta): fc.Arbitrary<unknown> {
  if (meta.enum) return fc.constantFrom(...meta.enum);
  if (meta.jsonType === 'boolean') return fc.boolean();
  if (meta.jsonType === 'number') {
    if (meta.kind === 'integer') return fc.integer({ min: meta.min ?? -1000000, max: meta.max ?? 1000000 });
    return fc.integer({ min: 0, max: 10000000 }).map((n) => n / 100);
  }
  switch (meta.kind) {
    case 'decimal': return decimalArb(meta);
    case 'date':
      return fc.record({ y: fc.integer({ min: 2027, max: 2099 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
        .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    case 'time':
      return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.constantFrom('Z', '+01:00', '-05', ':30Z'))
        .map(([h, m, z]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}${z}`);
    case 'email':
      return fc.tuple(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([u, d]) => `${u}@${d}.com`);
    case 'url':
      // An https URL satisfies every URL pattern in the catalogue (plain, HTTPS-only and app URIs).
      return fc.stringMatching(/^[a-z0-9]{1,20}$/).map((p) => `https://example.com/${p}`);
    default:
      break;
  }
  const min = meta.minLength ?? 0;
  const max = Math.min(meta.maxLength ?? 30, Math.max(min, 40));
  if (!meta.pattern) return fc.string({ minLength: min, maxLength: max });
  const m = CHARSET.exec(meta.pattern);
  if (m) return fc.stringMatching(new RegExp(`^[${m[1]}]{${min},${max}}$`));
  try {
    const re = new RegExp(meta.pattern);
    return fc.stringMatching(re).filter((s) => s.length >= min && s.length <= (meta.maxLength ?? Infinity) && re.test(s));
  } catch {
    return fc.constant(meta.example);
  }
}

/** Sets a value at a dotted path with real indices, creating objects on the way. */
export function setAt(body: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.');
  let cur: Record<string, unknown> = body;
  segs.forEach((seg, i) => {
    const m = /^(.*?)\[(\d+)\]$/.exec(seg);
    const last = i === segs.length - 1;
    if (m) {
      const list = (cur[m[1]!] ??= []) as unknown[];
      const idx = Number(m[2]);
      if (last) list[idx] = value;
      else cur = (list[idx] ??= {}) as Record<string, unknown>;
    } else if (last) {
      cur[seg] = value;
    } else {
      cur = (cur[seg] ??= {}) as Record<string, unknown>;
    }
  });
}

export function getAt(body: unknown, path: string): unknown {
  let cur: unknown = body;
  for (const seg of path.split('.')) {
    const m = /^(.*?)\[(\d+)\]$/.exec(seg);
    if (typeof cur !== 'object' || cur === null) return undefined;
    if (m) {
      const list = (cur as Record<string, unknown>)[m[1]!];
      cur = Array.isArray(list) ? list[Number(m[2])] : undefined;
    } else cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}
