import type { HttpHeader } from '../../model';

export interface CodeRequest {
  /** One comment line: what the request is and where it came from. */
  title: string;
  method: string;
  url: string;
  /** Without Authorization: the program builds it from `auth`. */
  headers: HttpHeader[];
  body?: string;
  /** Basic authentication: the user as text, the password read from the first of these variables that is set. */
  auth?: { user: string; passwordVariables: readonly string[] };
}

/** "Set the environment variable A or B." — what a program prints when no password is set. */
export function missingPasswordText(r: CodeRequest): string {
  return `Set the environment variable ${r.auth?.passwordVariables.join(' or ') ?? ''} to the gateway API password.`;
}

/** A double-quoted literal in the C-family syntax (JSON's escapes are valid in JS, Python, Java, C# and Go). */
export const quoted = (text: string): string => JSON.stringify(text);
