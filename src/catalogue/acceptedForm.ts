/**
 * What real integrations send and the real gateway accepts although the spec says otherwise: a JSON
 * null for an optional field (treated as absent), an amount as a JSON number, a digit string where
 * the spec says integer, names the catalogue does not know. Each becomes a warning, and the body is
 * rewritten into the spec's own form (null dropped, number as decimal text, digits as a number) so
 * the field rules judge what the gateway would see. Linear in the body's size.
 */
import { setOwnValue } from '../json/ownKey';
import { closestPath } from './closestPath';
import { clipPath, issue, shown, warning, type ValidationIssue } from './issues';
import type { FieldNode, LeafNode, ObjectNode } from './fieldTree';
import { isRecord } from './rules/access';

interface AcceptedForm {
  /** The body as the field rules see it (a copy; the input is never changed). */
  body: Record<string, unknown>;
  warnings: ValidationIssue[];
  /** Concrete paths whose value is accepted as it is although the field rules would reject it (text for an integer the real service takes as text). */
  acceptedAsIs: ReadonlySet<string>;
  /** Names the operation does not have, where its field list is complete: the gateway's "Unexpected parameter" (errors). */
  unexpected: ValidationIssue[];
}

/**
 * What the catalogue can say of a name it does not know: with the whole field list of the version in
 * force (read from the reference page) it is the gateway's "Unexpected parameter"; otherwise the list
 * is partial and the name may be real, so it is only a warning.
 */
export interface FieldList {
  complete: boolean;
  /** The documented version whose list applies. */
  version: number | undefined;
}

/** A digit string read as an integer: short enough to stay exact as a JSON number. */
const DIGIT_STRING = /^-?\d{1,15}$/;
/** Unknown names that get a "did you mean" (each costs a bounded search over the catalogue's paths). */
const MAX_SUGGESTIONS = 20;

interface Walk {
  warnings: ValidationIssue[];
  unexpected: ValidationIssue[];
  fieldList: FieldList;
  acceptedAsIs: Set<string>;
  /** Catalogue paths of the operation ('item[].name', 'order.custom.{key}', objects too), for suggestions. */
  knownPaths: readonly string[];
  suggestionsLeft: number;
}

export function acceptedForm(root: ObjectNode, body: Record<string, unknown>, knownPaths: readonly string[], fieldList: FieldList): AcceptedForm {
  const walk: Walk = { warnings: [], unexpected: [], fieldList, acceptedAsIs: new Set(), knownPaths, suggestionsLeft: MAX_SUGGESTIONS };
  return { body: objectForm(root, body, '', '', walk), warnings: walk.warnings, unexpected: walk.unexpected, acceptedAsIs: walk.acceptedAsIs };
}

/** One value at a catalogue node, as validateField sees it: undefined when it counts as absent. */
export function acceptedValue(node: FieldNode, value: unknown, path: string): { value: unknown; warnings: ValidationIssue[]; asIs: boolean } {
  const walk: Walk = { warnings: [], unexpected: [], fieldList: { complete: false, version: undefined }, acceptedAsIs: new Set(), knownPaths: [], suggestionsLeft: 0 };
  if (value === null && !node.required) return { value: undefined, warnings: [nullWarning(path)], asIs: false };
  return { value: nodeForm(node, value, path, '', walk), warnings: walk.warnings, asIs: walk.acceptedAsIs.has(path) };
}

function nullWarning(path: string): ValidationIssue {
  return warning(path, 'null', 'null is treated as absent (the spec asks to leave an optional field out)', null);
}

function objectForm(node: ObjectNode, value: Record<string, unknown>, path: string, template: string, walk: Walk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = Object.hasOwn(node.fields, key) ? node.fields[key] : undefined;
    const childPath = path ? `${path}.${key}` : key;
    const childTemplate = template ? `${template}.${key}` : key;
    const v = value[key];
    if (!child) {
      const unknown = unknownField(childPath, childTemplate, walk);
      (unknown.severity === 'error' ? walk.unexpected : walk.warnings).push(unknown);
      setOwn(out, key, v);
      continue;
    }
    if (v === null && !child.required) {
      walk.warnings.push(nullWarning(childPath));
      continue;
    }
    setOwn(out, key, nodeForm(child, v, childPath, childTemplate, walk));
  }
  return out;
}

function nodeForm(node: FieldNode, v: unknown, path: string, template: string, walk: Walk): unknown {
  switch (node.type) {
    case 'leaf':
      return leafForm(node, v, path, walk);
    case 'object':
      return isRecord(v) ? objectForm(node, v, path, template, walk) : v;
    case 'array':
      return Array.isArray(v) ? v.map((e, i) => nodeForm(node.element, e, `${path}[${i}]`, `${template}[]`, walk)) : v;
    case 'map': {
      if (!isRecord(v)) return v;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v)) {
        const entry = v[key];
        if (entry === null) walk.warnings.push(nullWarning(`${path}.${key}`));
        else setOwn(out, key, leafForm(node.value, entry, `${path}.${key}`, walk));
      }
      return out;
    }
  }
}

function leafForm(node: LeafNode, v: unknown, path: string, walk: Walk): unknown {
  const spec = node.spec;
  if (spec.kind === 'decimal' && spec.jsonType === 'string' && typeof v === 'number' && Number.isFinite(v)) {
    walk.warnings.push(warning(path, 'numberAmount', `the spec asks for a decimal string such as '10.50'; a number can lose precision, got ${v}`, v));
    return String(v);
  }
  if (spec.integer && typeof v === 'string') {
    if (DIGIT_STRING.test(v)) {
      walk.warnings.push(warning(path, 'digitString', `the spec asks for a whole number, not text; the gateway accepts digits as text, got ${shown(v, path)}`, v));
      return Number(v);
    }
    if (spec.textAccepted) {
      walk.warnings.push(warning(path, 'textForInteger', `the spec asks for a whole number; ${spec.textAccepted}, got ${shown(v, path)}`, v));
      walk.acceptedAsIs.add(path);
      return v;
    }
  }
  return v;
}

function unknownField(path: string, template: string, walk: Walk): ValidationIssue {
  let hint = '';
  if (walk.suggestionsLeft > 0) {
    walk.suggestionsLeft--;
    const near = closestPath(template, walk.knownPaths);
    if (near) hint = `; did you mean ${near}?`;
  }
  const { complete, version } = walk.fieldList;
  if (complete) return issue(path, 'unknownParameter', `Unexpected parameter '${clipPath(path)}'${hint} (not in the version ${String(version)} field list of the API reference, which is complete)`);
  const list = version === undefined ? 'the spec' : `the catalogue's version ${version} list`;
  return warning(path, 'unknownField', `not a field ${list} has for this operation${hint}; that list is not complete, so it is sent as it is (the real gateway answers "Unexpected parameter" to a name it does not know)`);
}

/** A value that counts as absent (undefined) is left out of the accepted body. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined) setOwnValue(target, key, value);
}
