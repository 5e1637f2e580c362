/**
 * Pieces shared by every host⇄webview message. No vscode, no DOM: both sides import this, the host
 * parses what the webview posts and the webview parses what the host posts.
 */
import { z } from 'zod';

/** Ids, names, paths: short text. Anything longer is not ours. */
export const shortText = z.string().max(500);
/** Text the user typed or a body the user built: bounded so a hostile page cannot make the host buffer gigabytes. */
export const MAX_MESSAGE_TEXT = 8 * 1024 * 1024;
export const longText = z.string().max(MAX_MESSAGE_TEXT);

export const environmentSummarySchema = z.object({ id: shortText, name: shortText, live: z.boolean() });
export type EnvironmentSummary = z.infer<typeof environmentSummarySchema>;

/** A report of something the webview's CSP blocked: logged by the host, asserted absent by the tests. */
export const cspViolationSchema = z.object({ type: z.literal('cspViolation'), directive: shortText, blockedUri: shortText, sample: shortText.optional() });

/** The first message of every webview: the host queues what it has to say until it arrives. */
export const readySchema = z.object({ type: z.literal('ready') });

export const issueSchema = z.object({ path: shortText, rule: shortText, message: z.string().max(2000) });

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: string };

/** Parses a message and says, in one line, what was wrong with it: messages are never trusted. */
export function parseMessage<T>(schema: z.ZodType<T>, data: unknown): ParseResult<T> {
  const r = schema.safeParse(data);
  if (r.success) return { ok: true, message: r.data };
  const first = r.error.issues[0];
  const type = typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string' ? (data as { type: string }).type : '(no type)';
  return { ok: false, error: `message ${type.slice(0, 60)}: ${first ? `${first.path.join('.') || 'message'}: ${first.message}` : 'invalid'}` };
}
