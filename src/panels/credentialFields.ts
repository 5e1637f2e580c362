/**
 * Credentials never enter a webview: bodies posted to a form lose their credential fields, and a
 * form's login is completed from SecretStorage on the host, just before sending.
 */
import type { OperationDef } from '../catalogue';
import { formStateSchema, type FormState } from '../protocol';
import type { Services } from '../commands/services';
import type { Environment } from '../environments/environment';
import { isCredentialKey } from '../http/secretFields';
import { assertDepth } from '../json/depth';

/** The same body without credential keys, at any depth (same shape otherwise, so the type is kept). */
export function credentialFreeBody<T extends Record<string, unknown>>(value: T): T {
  return strip(value) as T;
}

/** A body a form can hold: a JSON object, without credentials. Undefined for anything else; JsonDepthError when nested too deep. */
export function formBodyOf(value: unknown): FormState['body'] | undefined {
  assertDepth(value, { where: 'The body for the form' });
  const parsed = formStateSchema.shape.body.safeParse(value);
  return parsed.success ? credentialFreeBody(parsed.data) : undefined;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!isCredentialKey(k)) out[k] = strip(v);
  return out;
}

/** A form's login body has no password (the page never sees one): take the partner's from storage. */
export async function withStoredCredentials(op: OperationDef, env: Environment, body: Record<string, unknown>, services: Services): Promise<Record<string, unknown>> {
  if (op.id !== 'financing.login') return body;
  const filled = { ...body };
  if (typeof filled.email !== 'string' || filled.email === '') {
    const email = await services.secretOrDefault(env, 'partnerEmail');
    if (email) filled.email = email;
  }
  if (typeof filled.password !== 'string' || filled.password === '') {
    const password = await services.secretOrDefault(env, 'partnerPassword');
    if (password) filled.password = password;
  }
  return filled;
}
