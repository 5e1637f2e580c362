/**
 * Credentials never enter a webview: bodies posted to a form lose their credential fields, and a
 * form's login is completed from SecretStorage on the host, just before sending.
 */
import type { OperationDef } from '../../../catalogue';
import { formStateSchema, type FormState } from '../protocol';
import type { Credentials } from '../../../credentials/credentials';
import type { Environment } from '../../../environments/environment';
import { assertDepth } from '../../../json/depth';
import { messageShapeProblem } from '../../../protocol/common';
import { isStoredCredentialKey } from '../../../redaction';

/** The same body without credential keys, at any depth (same shape otherwise, so the type is kept). */
export function credentialFreeBody<T extends Record<string, unknown>>(value: T): T {
  return strip(value) as T;
}

/**
 * A body a form can hold: a JSON object, without credentials, within what a message to the form may
 * carry (the page refuses more, and the form would open empty). Undefined for anything else;
 * JsonDepthError when nested too deep.
 */
export function formBodyOf(value: unknown): FormState['body'] | undefined {
  assertDepth(value, { where: 'The body for the form' });
  // The shape first: a cheap walk that stops early, before zod spends seconds on a list of 100,000.
  if (messageShapeProblem(value) !== undefined) return undefined;
  const parsed = formStateSchema.shape.body.safeParse(value);
  return parsed.success ? credentialFreeBody(parsed.data) : undefined;
}

/** Why `value` cannot be a form's body (not an object, a string over the cap, a list too long…), in one line; undefined when it can. */
export function whyNotFormBody(value: unknown): string | undefined {
  const shape = messageShapeProblem(value);
  if (shape !== undefined) return shape;
  const parsed = formStateSchema.shape.body.safeParse(value);
  if (parsed.success) return undefined;
  const first = parsed.error.issues[0];
  const where = first?.path.map(String).join('.').slice(0, 200);
  return `${where ? `${where}: ` : ''}${first?.message.slice(0, 300) ?? 'not a JSON object'}`;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!isStoredCredentialKey(k)) out[k] = strip(v);
  return out;
}

/** Reads one stored credential of the form's environment (SecretStorage, or the simulator's public test ones). */
type StoredCredential = (name: 'partnerEmail' | 'partnerPassword') => Promise<string | undefined>;

export function storedCredential(env: Environment, credentials: Credentials): StoredCredential {
  return (name) => credentials.secretOrDefault(env, name);
}

/**
 * A form's login body has no password (the page never sees one): the partner's comes from storage.
 * The host merges it BEFORE checking the body, so a stored password is never reported missing.
 * `passwordMissing` says there is none to merge: the form then offers "Set password…".
 */
export async function withStoredCredentials(op: OperationDef, body: Record<string, unknown>, stored: StoredCredential): Promise<{ body: Record<string, unknown>; passwordMissing: boolean }> {
  if (op.id !== 'financing.login') return { body, passwordMissing: false };
  const filled = { ...body };
  if (typeof filled.email !== 'string' || filled.email === '') {
    const email = await stored('partnerEmail');
    if (email) filled.email = email;
  }
  if (typeof filled.password !== 'string' || filled.password === '') {
    const password = await stored('partnerPassword');
    if (password) filled.password = password;
  }
  return { body: filled, passwordMissing: typeof filled.password !== 'string' || filled.password === '' };
}
