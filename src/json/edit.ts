/**
 * In-place editing of a JSON text: values are replaced where they stand, so everything else keeps
 * its bytes (indentation, key order, `10.00` stays `10.00`). Works on text that is not quite JSON
 * too (a deliberately malformed test body), since the walk is token by token.
 */
import { modify, type Edit, type FormattingOptions } from 'jsonc-parser';
import { applyEdits } from './format';
import { walkJson, type ValueKind } from './tokens';

/** A property's value as the replacer sees it. */
export interface PropertyValue {
  kind: ValueKind;
  /** The token as written: a string with its quotes, a number literal; `{`/`[` for an object or array. */
  raw: string;
  /** A string's decoded text. */
  text?: string;
}

/**
 * Replaces the value of every object property for which `replace` returns a value (any JSON value;
 * it is written with JSON.stringify). An object or array value is replaced whole, and its content
 * is not visited. `wants`, when given, names the keys `replace` may act on: the others are walked
 * past without copying their value out of the text (redaction reads every body the simulator logs).
 */
export function replacePropertyValues(text: string, replace: (key: string, value: PropertyValue) => unknown, wants?: (key: string) => boolean): string {
  const edits: { offset: number; length: number; content: string }[] = [];
  const pending = new Map<number, string>();
  walkJson(text, {
    onValue(v, token) {
      if (typeof v.step !== 'string') return undefined;
      const key = v.step;
      if (wants && !wants(key)) return undefined;
      const raw = token.raw();
      const value: PropertyValue = v.kind === 'string' ? { kind: v.kind, raw, text: token.value() } : { kind: v.kind, raw };
      const replacement = replace(key, value);
      if (replacement === undefined) return undefined;
      const content = JSON.stringify(replacement);
      if (v.kind === 'object' || v.kind === 'array') {
        pending.set(v.offset, content);
        return 'skip';
      }
      edits.push({ offset: v.offset, length: v.length, content });
      return undefined;
    },
    onSkipped(v, end) {
      edits.push({ offset: v.offset, length: end - v.offset, content: pending.get(v.offset) ?? '' });
      pending.delete(v.offset);
    },
  });
  return edits.length === 0 ? text : applyEdits(text, edits);
}

const CONTAINERS: ReadonlySet<ValueKind> = new Set(['object', 'array']);

/**
 * The text with every object or array nested `maxDepth` levels deep (the root is level 0) replaced
 * by `note` as a JSON string; everything above keeps its bytes. One linear walk, whatever the depth;
 * the same text back when nothing is that deep.
 */
export function capJsonDepth(text: string, maxDepth: number, note: string): string {
  const edits: { offset: number; length: number; content: string }[] = [];
  const content = JSON.stringify(note);
  walkJson(text, {
    only: CONTAINERS,
    onValue: (v) => (v.depth >= maxDepth ? 'skip' : undefined),
    onSkipped(v, end) {
      edits.push({ offset: v.offset, length: end - v.offset, content });
    },
  });
  return edits.length === 0 ? text : applyEdits(text, edits);
}

/** How much of the text is read to learn its indentation and line ends. */
const STYLE_SAMPLE = 4096;

/**
 * The edits that set the value at `path` (created with its parents when missing), laid out in the
 * text's own indentation and line ends; every other byte is kept. Throws when the text is not JSON
 * enough to find the place (jsonc-parser's modify).
 */
export function setValueEdits(text: string, path: readonly (string | number)[], value: unknown): Edit[] {
  const sample = text.slice(0, STYLE_SAMPLE);
  const indent = /\n([ \t]+)["{[\]}]/.exec(sample)?.[1] ?? '  ';
  const tabs = indent.startsWith('\t');
  const formattingOptions: FormattingOptions = { insertSpaces: !tabs, tabSize: tabs ? 1 : indent.length, eol: sample.includes('\r\n') ? '\r\n' : '\n' };
  return modify(text, [...path], value, { formattingOptions });
}

/** The text with the value at `path` set (see setValueEdits). */
export function setValueAt(text: string, path: readonly (string | number)[], value: unknown): string {
  return applyEdits(text, setValueEdits(text, path, value));
}
