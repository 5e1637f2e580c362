/**
 * One iterative walk over the tokens of a JSON text (jsonc-parser's scanner), keeping the path of
 * every value. Iterative on purpose: nesting costs a frame in an array, never a stack frame, so a
 * hostile body 100,000 levels deep is walked like any other. Lenient on purpose: redaction must
 * also walk a body that is not quite JSON; `valid` tells strict callers whether it was.
 */
import { createScanner, ScanError, SyntaxKind } from 'jsonc-parser';

/** One step of a path: an object key or an array index. */
export type Step = string | number;

export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'true' | 'false' | 'null';

interface WalkValue {
  kind: ValueKind;
  /** Offset and length of the token (for an object or array, of its opening bracket). */
  offset: number;
  length: number;
  /** The value's own step in its parent; undefined for the root. */
  step: Step | undefined;
  /** 0 for the root, 1 for its members, and so on. */
  depth: number;
}

/** What a handler may ask after seeing a value: skip an object's or array's content, or stop. */
type WalkControl = 'skip' | 'stop' | void;

interface WalkHandlers {
  /** The kinds onValue wants; the others are walked past without a call (a large body is mostly strings). */
  only?: ReadonlySet<ValueKind>;
  onValue?(value: WalkValue, scanner: TokenText): WalkControl;
  /** After a skipped object or array: where its closing bracket ends (the text's end if unclosed). */
  onSkipped?(value: WalkValue, end: number): void;
}

/** The current token's text, for handlers that need more than offsets. */
interface TokenText {
  /** The token as written (a number literal exactly: `0.00`, `1e2`). */
  raw(): string;
  /** A string token's value with escapes decoded. */
  value(): string;
}

interface WalkResult {
  /** False when the text is not one JSON value (bad token, unbalanced bracket, text after the end). */
  valid: boolean;
  /** Set when a handler stopped the walk. */
  stopped: boolean;
  /** The deepest open object or array seen (1 for `{}`), counted up to where the walk ended. */
  maxDepth: number;
}

interface Frame {
  kind: 'object' | 'array';
  index: number;
  key: string | undefined;
  /** In an object: a key and its colon were read, the next token is that key's value. */
  afterColon: boolean;
}

export function walkJson(text: string, handlers: WalkHandlers = {}): WalkResult {
  const scanner = createScanner(text, true);
  const tokenText: TokenText = { raw: () => text.substr(scanner.getTokenOffset(), scanner.getTokenLength()), value: () => scanner.getTokenValue() };
  const frames: Frame[] = [];
  let valid = true;
  let rootDone = false;
  let maxDepth = 0;

  const startValue = (kind: ValueKind): WalkControl => {
    const top = frames[frames.length - 1];
    if (!top && rootDone) valid = false;
    if (top?.kind === 'object' && !top.afterColon) valid = false;
    let control: WalkControl = undefined;
    let value: WalkValue | undefined;
    if (handlers.onValue && (!handlers.only || handlers.only.has(kind))) {
      const step: Step | undefined = top === undefined ? undefined : top.kind === 'array' ? top.index : (top.key ?? '');
      value = { kind, offset: scanner.getTokenOffset(), length: scanner.getTokenLength(), step, depth: frames.length };
      control = handlers.onValue(value, tokenText);
    }
    if (control === 'stop') return control;
    if (kind === 'object' || kind === 'array') {
      if (control === 'skip' && value) {
        const end = skipContainer(scanner);
        if (end === undefined) valid = false;
        handlers.onSkipped?.(value, end ?? text.length);
        endValue();
        return control;
      }
      frames.push({ kind, index: 0, key: undefined, afterColon: false });
      maxDepth = Math.max(maxDepth, frames.length);
      return control;
    }
    endValue();
    return control;
  };
  const endValue = () => {
    const top = frames[frames.length - 1];
    if (!top) rootDone = true;
    else if (top.kind === 'object') top.afterColon = false;
  };

  for (;;) {
    const token = scanner.scan();
    if (token === SyntaxKind.EOF) break;
    if (scanner.getTokenError() !== ScanError.None) valid = false;
    let control: WalkControl = undefined;
    switch (token) {
      case SyntaxKind.OpenBraceToken:
        control = startValue('object');
        break;
      case SyntaxKind.OpenBracketToken:
        control = startValue('array');
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: {
        const top = frames.pop();
        if (!top || top.kind !== (token === SyntaxKind.CloseBraceToken ? 'object' : 'array')) valid = false;
        endValue();
        break;
      }
      case SyntaxKind.StringLiteral: {
        const top = frames[frames.length - 1];
        if (top?.kind === 'object' && !top.afterColon) {
          if (top.key !== undefined) valid = false;
          top.key = scanner.getTokenValue();
        } else control = startValue('string');
        break;
      }
      case SyntaxKind.ColonToken: {
        const top = frames[frames.length - 1];
        if (top?.kind !== 'object' || top.key === undefined || top.afterColon) valid = false;
        if (top?.kind === 'object') top.afterColon = true;
        break;
      }
      case SyntaxKind.CommaToken: {
        const top = frames[frames.length - 1];
        if (!top) valid = false;
        else if (top.kind === 'array') top.index++;
        else top.key = undefined;
        break;
      }
      case SyntaxKind.NumericLiteral:
        control = startValue('number');
        break;
      case SyntaxKind.TrueKeyword:
        control = startValue('true');
        break;
      case SyntaxKind.FalseKeyword:
        control = startValue('false');
        break;
      case SyntaxKind.NullKeyword:
        control = startValue('null');
        break;
      default:
        valid = false;
    }
    if (control === 'stop') return { valid, stopped: true, maxDepth };
  }
  if (frames.length > 0 || !rootDone) valid = false;
  return { valid, stopped: false, maxDepth };
}

/** After an opening bracket: moves past its matching close; the offset after it, or undefined if unclosed. */
function skipContainer(scanner: ReturnType<typeof createScanner>): number | undefined {
  let open = 1;
  for (;;) {
    const token = scanner.scan();
    if (token === SyntaxKind.EOF) return undefined;
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) open++;
    else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      open--;
      if (open === 0) return scanner.getTokenOffset() + scanner.getTokenLength();
    }
  }
}
