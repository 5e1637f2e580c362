import type { HttpHeader } from '../../model';

/** An id the program draws afresh on each run, as the workbench does for each send. */
export type FreshId = 'orderId' | 'transactionId';
/** Text the program builds: literal pieces, and the fresh ids between them. */
export type CodeText = readonly (string | { fresh: FreshId })[];

/** The prefix of each fresh id: "ORD-" and "TXN-" and 12 random hexadecimal digits (the gateway takes 1 to 40 characters). */
export const FRESH_ID_PREFIX: Record<FreshId, string> = { orderId: 'ORD-', transactionId: 'TXN-' };

export interface CodeRequest {
  /** What the request is and where it came from, for one comment line: names from files, so any characters. */
  title: string;
  method: string;
  url: CodeText;
  /** Without Authorization: the program builds it from `auth`. */
  headers: HttpHeader[];
  body?: CodeText;
  /** Basic authentication: the user as text, the password read from the first of these variables that is set. */
  auth?: { user: string; passwordVariables: readonly string[] };
}

/** "Set the environment variable A or B." — what a program prints when no password is set. */
export function missingPasswordText(r: CodeRequest): string {
  return `Set the environment variable ${r.auth?.passwordVariables.join(' or ') ?? ''} to the gateway API password.`;
}

/** The fresh ids a request uses, each once, in a fixed order (the order id first). */
export function freshIdsOf(r: CodeRequest): FreshId[] {
  const used = new Set([...r.url, ...(r.body ?? [])].flatMap((p) => (typeof p === 'string' ? [] : [p.fresh])));
  return (['orderId', 'transactionId'] as const).filter((id) => used.has(id));
}

/** How one language writes data into a program: see literals.ts. */
export interface Syntax {
  /** A literal holding exactly `text`, whatever characters it has. */
  string(text: string): string;
  /** One comment line showing `text`, which no character of it can end or turn into code. */
  comment(text: string): string;
  /** The variable that holds a fresh id. */
  variable(id: FreshId): string;
  /** The string concatenation operator. */
  concat: string;
}

/** `text` as an expression: its literal pieces as literals, its fresh ids as their variables, concatenated. */
export function expression(text: CodeText, syntax: Syntax): string {
  const merged: (string | { fresh: FreshId })[] = [];
  for (const p of text) {
    const last = merged[merged.length - 1];
    if (typeof p === 'string' && typeof last === 'string') merged[merged.length - 1] = last + p;
    else if (p !== '') merged.push(p);
  }
  const parts = merged.map((p) => (typeof p === 'string' ? syntax.string(p) : syntax.variable(p.fresh)));
  return parts.length ? parts.join(` ${syntax.concat} `) : syntax.string('');
}
