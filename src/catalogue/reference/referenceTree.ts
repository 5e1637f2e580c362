/**
 * A body tree from a reference page's field list, with the hand-written tree laid over it: the page
 * decides which fields exist and their lengths and values at its version (it is the whole request),
 * the hand-written nodes keep what the catalogue knows beyond the page (help in its own words, the
 * gateway's rules such as "amount greater than zero", examples, form hints).
 */
import { bool, date, decimalText, email, enumOf, integer, text, url } from '../formats';
import { arr, humanize, obj, type FieldNode, type LeafNode, type ObjectNode } from '../fieldTree';
import type { ReferenceField, ReferenceFile } from './referenceFile';

interface DraftObject {
  readonly fields: Map<string, DraftNode>;
  required: boolean;
}

interface DraftNode {
  /** A list ('item[]'): the node is its element. */
  list: boolean;
  inner: DraftObject | LeafNode;
  required: boolean;
}

export function referenceTree(file: ReferenceFile): ObjectNode {
  const root: DraftObject = { fields: new Map(), required: true };
  for (const field of file.fields) place(root, field, file.version);
  return finish(root, undefined);
}

function place(root: DraftObject, field: ReferenceField, version: number): void {
  const steps = field.path.split('.');
  let at = root;
  steps.forEach((step, i) => {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    const last = i === steps.length - 1;
    let node = at.fields.get(key);
    if (last && field.type !== 'object') {
      at.fields.set(key, { list, inner: leafOf(field, version), required: field.required === true });
      return;
    }
    if (!node || !isObject(node.inner)) {
      node = { list, inner: { fields: new Map(), required: false }, required: false };
      at.fields.set(key, node);
    }
    node.list ||= list;
    if (last) node.required = field.required === true;
    at = node.inner as DraftObject;
  });
}

const isObject = (inner: DraftObject | LeafNode): inner is DraftObject => 'fields' in inner && inner.fields instanceof Map;

function finish(draft: DraftObject, help: string | undefined): ObjectNode {
  const fields: Record<string, FieldNode> = {};
  for (const [key, node] of draft.fields) {
    const inner = isObject(node.inner) ? finish(node.inner, undefined) : node.inner;
    const placed = node.list ? arr(inner) : inner;
    fields[key] = { ...placed, required: node.required };
  }
  return obj(undefined, fields, help);
}

/** A leaf in the catalogue's formats; its help names the page it comes from, not the page's prose. */
function leafOf(field: ReferenceField, version: number): LeafNode {
  const from = `From the version ${version} API reference.`;
  const label = humanize(field.path.slice(field.path.lastIndexOf('.') + 1).replace(/\[\]$/, ''));
  const lengths = { ...(field.minLength !== undefined ? { minLength: field.minLength } : {}), ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}) };
  switch (field.type) {
    case 'enum':
      return enumOf(field.enum ?? [], `${label}: one of the listed values. ${from}`, { label });
    case 'boolean':
      return bool(`${label}: true or false. ${from}`, { label });
    case 'integer':
      return integer(field.min, field.max, `${label}: a whole number. ${from}`, { label });
    case 'decimal':
    case 'signedDecimal':
      return decimalText(`${label}: a decimal number as text. ${from}`, {
        label, signed: field.type === 'signedDecimal', ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
        ...(field.fractionDigits !== undefined ? { fractionDigits: field.fractionDigits } : {}),
      });
    case 'date':
      return date(`${label}: a date yyyy-mm-dd. ${from}`, { label });
    case 'email':
      return email(`${label}: an e-mail address. ${from}`, { label, ...lengths });
    case 'url':
      return url(field.minLength, field.maxLength, `${label}: an absolute URL. ${from}`, { label });
    case 'string':
    case 'dateTime':
    case 'json':
    case 'telephone':
    case 'object':
      return text(field.minLength, field.maxLength, `${label}. ${from}`, {
        label, ...(field.fixed !== undefined ? { enum: [field.fixed], defaultValue: field.fixed } : {}), ...charsetPattern(field.charset),
        ...(field.type === 'dateTime' ? { kind: 'datetime' as const } : {}),
      });
  }
}

/** 'A-Z' → /^[A-Z]*$/; characters other than a range's ends are escaped, so any page text makes a safe, linear class. */
function charsetPattern(charset: string | undefined): { pattern?: RegExp; patternHint?: string } {
  if (!charset) return {};
  let cls = '';
  for (let i = 0; i < charset.length; i++) {
    const c = charset.charAt(i);
    const end = charset.charAt(i + 2);
    if (charset.charAt(i + 1) === '-' && /[A-Za-z0-9]/.test(c) && /[A-Za-z0-9]/.test(end)) {
      cls += `${c}-${end}`;
      i += 2;
    } else {
      cls += /[\\\]^[-]/.test(c) ? `\\${c}` : c;
    }
  }
  return { pattern: new RegExp(`^[${cls}]*$`), patternHint: `only the characters ${charset}` };
}

/**
 * The reference tree with the hand-written nodes laid over it. Fields only the hand-written tree has
 * are left out (the page is the whole request at its version) and listed in `dropped`, for the test
 * that keeps the two in step.
 */
export function overlay(reference: ObjectNode, handWritten: ObjectNode): { tree: ObjectNode; dropped: string[] } {
  const dropped: string[] = [];
  return { tree: overlayObject(reference, handWritten, '', dropped), dropped };
}

function overlayObject(ref: ObjectNode, hand: ObjectNode, path: string, dropped: string[]): ObjectNode {
  for (const key of Object.keys(hand.fields)) if (!Object.hasOwn(ref.fields, key)) dropped.push(path ? `${path}.${key}` : key);
  const fields: Record<string, FieldNode> = {};
  for (const [key, node] of Object.entries(ref.fields)) {
    const other = Object.hasOwn(hand.fields, key) ? hand.fields[key] : undefined;
    fields[key] = other ? overlayNode(node, other, path ? `${path}.${key}` : key, dropped) : node;
  }
  return { ...hand, fields, required: hand.required || ref.required };
}

function overlayNode(ref: FieldNode, hand: FieldNode, path: string, dropped: string[]): FieldNode {
  const required = hand.required || ref.required;
  if (ref.type === 'object' && hand.type === 'object') return { ...overlayObject(ref, hand, path, dropped), required };
  if (ref.type === 'array' && hand.type === 'array') return { ...hand, element: overlayNode(ref.element, hand.element, `${path}[]`, dropped), required };
  if (ref.type === 'leaf' && hand.type === 'leaf') return { ...overlayLeaf(ref, hand), required };
  // The page types the custom map (order.custom.X) as one String and has no notation for a map.
  if (hand.type === 'map') return { ...hand, required };
  return ref;
}

/**
 * The hand-written leaf where it agrees on the wire type, with the page's lengths and values (they
 * are the gateway's at this version); otherwise the page's leaf with the hand-written help.
 */
function overlayLeaf(ref: LeafNode, hand: LeafNode): LeafNode {
  if (ref.spec.jsonType !== hand.spec.jsonType) return { ...ref, spec: { ...ref.spec, help: hand.spec.help } };
  const { minLength, maxLength, enum: values } = ref.spec;
  return {
    ...hand,
    spec: {
      ...hand.spec,
      ...(minLength !== undefined ? { minLength } : {}),
      ...(maxLength !== undefined ? { maxLength } : {}),
      ...(values && hand.spec.enum ? { enum: values } : {}),
    },
  };
}
