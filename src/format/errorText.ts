/**
 * What went wrong, in words, whatever was thrown: an Error's message; an AggregateError's errors
 * when its own message is empty (Node's "connect ECONNREFUSED" to every address of a host); a string
 * as it is; an object's own "message" or "error" text; anything else as JSON cut to a line. Never
 * "[object Object]", never an empty message.
 */
import { excerpt } from './quote';

const MAX_DEPTH = 3;

export function errorText(err: unknown, depth = 0): string {
  if (err instanceof Error) {
    if (err.message) return err.message;
    const inner = err instanceof AggregateError && depth < MAX_DEPTH ? err.errors.map((e: unknown) => errorText(e, depth + 1)).filter(Boolean) : [];
    const code = (err as NodeJS.ErrnoException).code;
    return inner.length ? [...new Set(inner)].join('; ') : typeof code === 'string' ? code : err.name;
  }
  if (typeof err === 'string') return err || 'an empty error';
  if (typeof err === 'object' && err !== null) {
    for (const key of ['message', 'error', 'explanation'] as const) {
      const value: unknown = Object.hasOwn(err, key) ? (err as Record<string, unknown>)[key] : undefined;
      if (typeof value === 'string' && value !== '') return value;
      if (typeof value === 'object' && value !== null && depth < MAX_DEPTH) return errorText(value, depth + 1);
    }
  }
  return jsonExcerpt(err);
}

function jsonExcerpt(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text !== undefined) return excerpt(text);
  } catch {
    // A cycle or a BigInt: named by its type below.
  }
  return `an error of type ${typeof value}`;
}
