/**
 * The one nesting bound of every JSON the workbench reads from outside: request files, form bodies,
 * bodies about to be sent, history entries and responses. Both APIs' bodies are under 10 levels
 * deep; past MAX_JSON_DEPTH a body is refused with a clear error before any recursive code (zod,
 * JSON.stringify, the form's tree) could run out of stack on it.
 */
import { walkJson, type Step, type ValueKind } from './tokens';

export const MAX_JSON_DEPTH = 64;

/** Thrown (or reported) when a JSON text or value nests deeper than the bound. */
export class JsonDepthError extends Error {
  constructor(
    readonly where: string,
    readonly maxDepth: number,
    /** The path at which the bound was crossed, as `a.b[3].c`. */
    readonly path: string,
    /** Offset of the bracket that crossed it, when the JSON was text. */
    readonly offset?: number,
  ) {
    super(`${where} is nested deeper than ${maxDepth} levels (at ${path || 'the top level'}); real bodies are under 10 levels deep.`);
    this.name = 'JsonDepthError';
  }
}

interface DepthOptions {
  /** Defaults to MAX_JSON_DEPTH. */
  maxDepth?: number;
  /** What the JSON is, for the message: "The request file", "History entry 3's body". */
  where?: string;
}

const CONTAINERS: ReadonlySet<ValueKind> = new Set(['object', 'array']);

/** The first place a JSON text nests deeper than the bound, or undefined. Linear, never recursive. */
export function findTooDeep(text: string, options: DepthOptions = {}): JsonDepthError | undefined {
  const max = options.maxDepth ?? MAX_JSON_DEPTH;
  const steps: (Step | undefined)[] = [];
  let found: JsonDepthError | undefined;
  walkJson(text, {
    only: CONTAINERS,
    onValue(v) {
      steps.length = v.depth;
      steps.push(v.step);
      if (v.depth + 1 > max) {
        found = new JsonDepthError(options.where ?? 'The JSON', max, pathText(steps), v.offset);
        return 'stop';
      }
      return undefined;
    },
  });
  return found;
}

/**
 * JSON.parse behind the nesting bound: throws JsonDepthError for a text nested too deep, and
 * SyntaxError (as JSON.parse) for one that is not JSON.
 */
export function parseJsonBounded(text: string, options: DepthOptions = {}): unknown {
  const tooDeep = findTooDeep(text, options);
  if (tooDeep) throw tooDeep;
  return JSON.parse(text) as unknown;
}

/**
 * How deep a parsed value nests (0 for a scalar, 1 for `{}`), counting no further than `limit + 1`:
 * iterative, and it stops early, so a hostile value costs at most the part it reads.
 */
export function depthOf(value: unknown, limit = MAX_JSON_DEPTH): number {
  return deepestPath(value, limit).depth;
}

/** Throws JsonDepthError when a parsed value nests deeper than the bound. */
export function assertDepth(value: unknown, options: DepthOptions = {}): void {
  const error = depthError(value, options.where ?? 'The JSON', options.maxDepth);
  if (error) throw error;
}

/** The JsonDepthError a parsed value deserves, or undefined when it is within the bound. */
export function depthError(value: unknown, where: string, maxDepth = MAX_JSON_DEPTH): JsonDepthError | undefined {
  const { depth, path } = deepestPath(value, maxDepth);
  return depth > maxDepth ? new JsonDepthError(where, maxDepth, pathText(path)) : undefined;
}

function deepestPath(value: unknown, limit: number): { depth: number; path: Step[] } {
  let deepest = { depth: 0, path: [] as Step[] };
  const stack: { value: unknown; depth: number; path: Step[] }[] = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const { value: v, depth, path } = stack.pop() as { value: unknown; depth: number; path: Step[] };
    if (typeof v !== 'object' || v === null) continue;
    const here = depth + 1;
    if (here > deepest.depth) deepest = { depth: here, path };
    if (here > limit) return deepest;
    // An index loop, not map(): a list with holes (a webview message can hold one) has no entry there.
    const push = (step: Step, child: unknown) => {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: here, path: [...path, step] });
    };
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) push(i, (v as unknown[])[i]);
    else for (const [key, child] of Object.entries(v)) push(key, child);
  }
  return deepest;
}

/** `order.item[3].name`; a very deep path keeps its start and its end. */
function pathText(steps: readonly (Step | undefined)[]): string {
  let out = '';
  for (const step of steps) {
    if (step === undefined) continue;
    out += typeof step === 'number' ? `[${step}]` : out === '' ? step : `.${step}`;
  }
  return out.length > 120 ? `${out.slice(0, 60)}…${out.slice(-40)}` : out;
}
