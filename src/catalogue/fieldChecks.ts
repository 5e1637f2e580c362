/**
 * The field rules of the tree, checked straight from its nodes: the one place where their words are
 * written. validateBody and validateField run them on the host, in the simulator and in the form's
 * webview on every keystroke, with nothing to build first: no schema per operation (building the
 * zod schema was the largest part of opening the largest forms), and no validation library in the
 * catalogue's part of the form bundle. toZod.ts derives the JSON Schema export from the same nodes,
 * without words.
 *
 * Order and stopping are those of the zod 4 schemas these rules used to be (the reports stay the
 * same): per value, its type, then its length rules, then its pattern, then its own checks.
 * - a value of the wrong type gets its type issue and nothing else, except that the length rules
 *   still measure whatever has a length (a list given for a text field);
 * - a text over its maximum length gets nothing else (hostile input stays cheap), and a list over
 *   its maximum number of entries has its entries left unchecked;
 * - a pattern issue lets the leaf's own checks run (they skip a value of the wrong shape);
 * - a list's length rules and a map's count rule are skipped once something inside them stops.
 */
import type { ArrayNode, FieldNode, LeafCheck, LeafSpec, MapNode, ObjectNode } from './fieldTree';
import { got, issue, type ValidationIssue } from './issues';

/**
 * What an issue leaves of the checks after it on the same value (and on the list or map holding it):
 * 'continue' all of them, 'block' only the length rules, 'stop' none.
 */
type Flow = 'continue' | 'block' | 'stop';

interface Found {
  issue: ValidationIssue;
  flow: Flow;
}

/** The issues of a value at a node, with `path` already the concrete path of that value. */
export function checkNode(node: FieldNode, value: unknown, path: string, required = node.required): ValidationIssue[] {
  const out: Found[] = [];
  run(node, value, path, required, out);
  return out.map((f) => f.issue);
}

/** A check after the type: `lengthRule` ones measure anything with a length and give way only to a 'stop'. */
interface Check {
  lengthRule?: boolean;
  run(value: unknown, path: string, out: Found[]): void;
}

function blocked(out: readonly Found[], from: number): boolean {
  for (let i = from; i < out.length; i++) if (out[i]?.flow !== 'continue') return true;
  return false;
}

function stopped(out: readonly Found[], from: number): boolean {
  for (let i = from; i < out.length; i++) if (out[i]?.flow === 'stop') return true;
  return false;
}

function hasLength(value: unknown): boolean {
  return value !== undefined && value !== null && (value as { length?: unknown }).length !== undefined;
}

/** Runs the checks that follow a value's own parse, skipping what the issues so far stop. */
function runChecks(checks: readonly Check[], value: unknown, path: string, out: Found[], from: number): void {
  let isBlocked = blocked(out, from);
  for (const check of checks) {
    if (check.lengthRule ? stopped(out, from) || !hasLength(value) : isBlocked) continue;
    const before = out.length;
    check.run(value, path, out);
    if (!isBlocked && out.length > before) isBlocked = blocked(out, before);
  }
}

function run(node: FieldNode, value: unknown, path: string, required: boolean, out: Found[]): void {
  if (!required && value === undefined) return;
  const from = out.length;
  switch (node.type) {
    case 'leaf':
      typeCheck(node.spec, value, path, out);
      return runChecks(leafChecks(node.spec), value, path, out, from);
    case 'object':
      return runObject(node, value, path, out);
    case 'array':
      return runArray(node, value, path, out, from);
    case 'map':
      return runMap(node, value, path, out, from);
  }
}

// ---- issues in the catalogue's words ----

/** "path: <rule text>, got <value>" (lengths for length rules, counts for list rules). */
function found(path: string, rule: string, text: string, value: unknown, flow: Flow): Found {
  return { issue: issue(path, rule, `${text}, ${got(rule, value, path)}`, value), flow };
}

/** A value of the wrong type; an absent one is simply "required". */
function wrongType(path: string, expected: string, value: unknown): Found {
  if (value === undefined) return { issue: issue(path, 'required', 'required'), flow: 'block' };
  return found(path, 'type', `must be ${expected}`, value, 'block');
}

/** Length rules are named after what they measured: characters of text, entries of a list. */
function lengthRuleName(bound: 'min' | 'max', value: unknown): string {
  if (typeof value === 'string') return bound === 'min' ? 'minLength' : 'maxLength';
  if (Array.isArray(value)) return bound === 'min' ? 'minItems' : 'maxItems';
  return bound;
}

/** Characters as the user counts them: a pair of UTF-16 surrogates is one. */
function codePoints(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

function minLengthRule(min: number, text: string): Check {
  return {
    lengthRule: true,
    run(value, path, out) {
      const units = (value as { length: unknown }).length;
      // Fewer units than the floor never reach it in code points; twice as many always do.
      const length = typeof value === 'string' && value.length >= min && value.length < min * 2 ? codePoints(value) : units;
      if ((length as number) >= min) return;
      out.push(found(path, lengthRuleName('min', value), text, value, 'continue'));
    },
  };
}

function maxLengthRule(max: number, text: string, flow: Flow): Check {
  return {
    lengthRule: true,
    run(value, path, out) {
      const units = (value as { length: unknown }).length;
      const length = typeof value === 'string' && value.length > max ? codePoints(value) : units;
      if ((length as number) <= max) return;
      out.push(found(path, lengthRuleName('max', value), text, value, flow));
    },
  };
}

// ---- leaves ----

const TYPE_WORDS: Record<LeafSpec['jsonType'], string> = { string: 'text', number: 'a number', boolean: 'true or false' };

function listValues(values: readonly string[]): string {
  const shown = values.slice(0, 8).join(', ');
  return values.length > 8 ? `${shown}, … (${values.length} values)` : shown;
}

/** Adds the issue of a value that does not have the leaf's type (or is not one of its values). */
function typeCheck(spec: LeafSpec, value: unknown, path: string, out: Found[]): void {
  if (spec.enum) {
    if (!spec.enum.includes(value as string)) out.push(value === undefined ? wrongType(path, '', value) : found(path, 'enum', `must be one of ${listValues(spec.enum)}`, value, 'block'));
    return;
  }
  const ok = spec.jsonType === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === spec.jsonType;
  if (!ok) out.push(wrongType(path, spec.jsonType === 'number' && spec.integer ? 'a whole number' : TYPE_WORDS[spec.jsonType], value));
}

/** A leaf's checks after its type, built once per spec. */
const leafCache = new WeakMap<LeafSpec, readonly Check[]>();

function leafChecks(spec: LeafSpec): readonly Check[] {
  let checks = leafCache.get(spec);
  if (!checks) leafCache.set(spec, (checks = buildLeafChecks(spec)));
  return checks;
}

function buildLeafChecks(spec: LeafSpec): Check[] {
  const checks: Check[] = [];
  if (spec.enum || spec.jsonType === 'boolean') {
    // no rule of their own beyond the type
  } else if (spec.jsonType === 'number') {
    if (spec.integer) checks.push(wholeNumber);
    const { min, max } = spec;
    if (min !== undefined) checks.push({ run: (v, path, out) => { if (!((v as number) >= min)) out.push(found(path, 'min', `must be at least ${min}`, v, 'continue')); } });
    if (max !== undefined) checks.push({ run: (v, path, out) => { if (!((v as number) <= max)) out.push(found(path, 'max', `must be at most ${max}`, v, 'continue')); } });
  } else {
    if (spec.minLength !== undefined) checks.push(minLengthRule(spec.minLength, `must be at least ${spec.minLength} characters`));
    // 'stop': a value over its maximum length never reaches the pattern or a check (hostile input stays cheap).
    if (spec.maxLength !== undefined) checks.push(maxLengthRule(spec.maxLength, `must be at most ${spec.maxLength} characters`, 'stop'));
    const { pattern } = spec;
    if (pattern) {
      const hint = spec.patternHint ?? `matching ${pattern.source}`;
      checks.push({
        run(v, path, out) {
          pattern.lastIndex = 0;
          if (!pattern.test(v as string)) out.push(found(path, 'pattern', `must be ${hint}`, v, 'continue'));
        },
      });
    }
  }
  if (spec.checks?.length) checks.push(ownChecks(spec.checks, spec.pattern));
  return checks;
}

const wholeNumber: Check = {
  run(value, path, out) {
    const n = value as number;
    if (!Number.isInteger(n)) out.push(found(path, 'integer', 'must be a whole number', n, 'stop'));
    else if (!Number.isSafeInteger(n)) out.push(found(path, n > 0 ? 'max' : 'min', 'must be a whole number', n, 'continue'));
  },
};

/** The spec's own checks (calendar dates, decimal bounds); their messages are whole sentences. */
function ownChecks(checks: readonly LeafCheck[], pattern: RegExp | undefined): Check {
  return {
    run(value, path, out) {
      // A value with the wrong shape already has its pattern issue; one issue per cause is enough.
      if (pattern && typeof value === 'string' && !pattern.test(value)) return;
      for (const check of checks) {
        if (!check.test(value)) out.push({ issue: issue(path, check.rule, check.message(value), value), flow: 'continue' });
      }
    },
  };
}

// ---- objects, lists, maps ----

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

const objectFields = new WeakMap<ObjectNode, readonly [string, FieldNode][]>();

/** A node's fields in declaration order, listed once per node rather than once per value checked. */
function fieldsOf(node: ObjectNode): readonly [string, FieldNode][] {
  let fields = objectFields.get(node);
  if (!fields) objectFields.set(node, (fields = Object.entries(node.fields)));
  return fields;
}

/** Objects are loose: the spec ends each operation with "remaining request fields: not shown", so unknown names pass here (acceptedForm warns). */
function runObject(node: ObjectNode, value: unknown, path: string, out: Found[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.push(wrongType(path, 'an object', value));
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [key, field] of fieldsOf(node)) {
    if (key === '__proto__') continue;
    const fieldValue = record[key];
    // Most declared fields are absent from a body: skip them before building their path.
    if (fieldValue === undefined && !field.required) continue;
    run(field, fieldValue, child(path, key), field.required, out);
  }
}

const arrayChecks = new WeakMap<ArrayNode, readonly Check[]>();

function runArray(node: ArrayNode, value: unknown, path: string, out: Found[], from: number): void {
  let checks = arrayChecks.get(node);
  if (!checks) {
    const built: Check[] = [];
    if (node.minItems !== undefined) built.push(minLengthRule(node.minItems, `must have at least ${node.minItems} entries`));
    if (node.maxItems !== undefined) built.push(maxLengthRule(node.maxItems, `must have at most ${node.maxItems} entries`, 'continue'));
    arrayChecks.set(node, (checks = built));
  }
  if (!Array.isArray(value)) {
    out.push(wrongType(path, 'a list', value));
  } else if (node.maxItems !== undefined && value.length > node.maxItems) {
    // Too many entries: that is all it is told, its entries are not walked.
    out.push(found(path, 'maxItems', `must have at most ${node.maxItems} entries`, value, 'stop'));
    return;
  } else {
    // Every index, holes too (a hole is an absent entry).
    for (let i = 0; i < value.length; i++) run(node.element, value[i], `${path}[${i}]`, true, out);
  }
  runChecks(checks, value, path, out, from);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const ctor = (value as { constructor?: unknown }).constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = (ctor as { prototype?: unknown }).prototype;
  if (typeof proto !== 'object' || proto === null || Array.isArray(proto)) return false;
  return Object.hasOwn(proto, 'isPrototypeOf');
}

function runMap(node: MapNode, value: unknown, path: string, out: Found[], from: number): void {
  if (!isPlainObject(value)) {
    // The words of the schema this replaced, which had none of its own for this case.
    out.push(value === undefined ? wrongType(path, '', value) : found(path, 'type', 'Invalid input', value, 'block'));
    return;
  }
  let entries = 0;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') continue;
    const keyProblem = mapKeyProblem(node, key);
    if (keyProblem !== undefined) {
      out.push(found(child(path, key), 'pattern', `key must be ${keyProblem}`, key, 'block'));
      continue;
    }
    entries++;
    run(node.value, value[key], child(path, key), node.value.required, out);
  }
  if (!blocked(out, from) && entries > node.maxKeys) {
    out.push({ issue: issue(path, 'maxItems', `must have at most ${node.maxKeys} entries, got ${entries}`, entries), flow: 'continue' });
  }
}

/** What is wrong with a map key, in words; undefined when it is fine. */
function mapKeyProblem(node: MapNode, key: string): string | undefined {
  // A key over its length is told no more than that it is invalid (and never meets the pattern).
  if (key.length > node.keyMaxLength && codePoints(key) > node.keyMaxLength) return 'Invalid input';
  return node.keyPattern.test(key) ? undefined : node.keyHint;
}
