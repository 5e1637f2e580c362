/**
 * Tolerant, typed reads over a body of unknown shape. The decoder reads field by field instead of
 * trusting a schema parse, so one odd field (a number where text was expected) costs that field a
 * note, not the whole explanation.
 */
import { collectNumberLiterals, formatJsonNumber, pathKey, type JsonPath } from '../json';

type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class BodyView {
  private readonly literals: ReadonlyMap<string, string>;

  constructor(
    readonly root: unknown,
    rawText?: string,
  ) {
    this.literals = rawText ? collectNumberLiterals(rawText) : new Map();
  }

  at(path: JsonPath): unknown {
    let node: unknown = this.root;
    for (const step of path) {
      if (typeof step === 'number') {
        if (!Array.isArray(node)) return undefined;
        node = node[step];
      } else {
        if (!isRecord(node) || !Object.hasOwn(node, step)) return undefined;
        node = node[step];
      }
    }
    return node;
  }

  has(path: JsonPath): boolean {
    return this.at(path) !== undefined;
  }

  record(path: JsonPath): JsonRecord | undefined {
    const v = this.at(path);
    return isRecord(v) ? v : undefined;
  }

  array(path: JsonPath): readonly unknown[] {
    const v = this.at(path);
    return Array.isArray(v) ? v : [];
  }

  /** Scalars as text (numbers keep their literal); objects and arrays are not text. */
  text(path: JsonPath): string | undefined {
    const v = this.at(path);
    if (typeof v === 'string') return v;
    if (typeof v === 'number') {
      const literal = this.literals.get(pathKey(path));
      // The literal only counts if it is this number: a raw text from another body must not win.
      return literal !== undefined && Number(literal) === v ? literal : formatJsonNumber(v);
    }
    if (typeof v === 'boolean') return String(v);
    return undefined;
  }

  /** A decimal amount exactly as received: the JSON literal when known, else the plain number. */
  amount(path: JsonPath): string | undefined {
    return this.text(path);
  }

  number(path: JsonPath): number | undefined {
    const v = this.at(path);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return undefined;
  }

  boolean(path: JsonPath): boolean | undefined {
    const v = this.at(path);
    return typeof v === 'boolean' ? v : undefined;
  }
}

/** Drops undefined values so objects stay small and compare equal after a JSON round trip. */
export function definedOnly<T extends object>(value: T): T {
  const out: Partial<T> = {};
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] !== undefined) out[key] = value[key];
  }
  return out as T;
}

/** True when the object holds at least one defined value (so an empty group is left out). */
export function hasAny(value: object): boolean {
  return Object.values(value).some((v) => v !== undefined);
}
