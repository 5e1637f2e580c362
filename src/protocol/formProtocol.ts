/**
 * Messages of the operation form panel. The form's whole content is a FormState: it is what the
 * webview keeps with setState (so it survives hiding and reloads), what the panel serializer gets
 * back, and what the webview posts when it asks for a preview, a send or a save.
 */
import { z } from 'zod';
import { boundedJsonObject, cspViolationSchema, environmentSummarySchema, issueSchema, longText, readySchema, shortText } from './common';

/** Every object here is strict: a message with a key the protocol does not declare is rejected (and logged), never silently stripped. */
const jsonObject = boundedJsonObject;

export const formStateSchema = z.strictObject({
  operationId: shortText,
  version: z.number().int().positive().optional(),
  environmentId: shortText.optional(),
  /** URL parameters (orderId, transactionId, sessionId); merchantId comes from the environment. */
  params: z.record(shortText, shortText),
  /** The body exactly as the fields hold it: wrong values stay as typed (text where a number belongs). */
  body: jsonObject,
  /** Presentation only: restored so a reload puts the user back where they were. */
  ui: z
    .object({
      search: shortText.optional(),
      openGroups: z.array(shortText).max(1000).optional(),
      focusPath: shortText.optional(),
    })
    .optional(),
});
export type FormState = z.infer<typeof formStateSchema>;

// ---- host → form webview ----

/**
 * A short sentence beside a field or URL parameter, by its path or name: which order a follow-up got,
 * "card data is not kept: …". Generic: any sender may use it.
 */
const fieldNotesSchema = z.record(shortText, z.string().max(500));
export type FieldNotes = z.infer<typeof fieldNotesSchema>;

export const formHostMessageSchema = z.discriminatedUnion('type', [
  /** Sent once after `ready`: what to show. */
  z.strictObject({ type: z.literal('init'), state: formStateSchema, environments: z.array(environmentSummarySchema), paramNotes: fieldNotesSchema.optional(), fieldNotes: fieldNotesSchema.optional() }),
  z.strictObject({ type: z.literal('environments'), environments: z.array(environmentSummarySchema) }),
  /** Replace the form's body (and params when given): last body, a request file, a history entry. */
  z.strictObject({ type: z.literal('setBody'), body: jsonObject, params: z.record(shortText, shortText).optional(), source: shortText, fieldNotes: fieldNotesSchema.optional() }),
  /** Fresh ids drawn with the user's patterns (or a session created), with why beside each. */
  z.strictObject({ type: z.literal('ids'), params: z.record(shortText, shortText), paramNotes: fieldNotesSchema.optional() }),
  /** Login form only: whether the environment has a stored partner password (the password itself never comes here). */
  z.strictObject({ type: z.literal('credentials'), passwordStored: z.boolean() }),
  /** The request as it would go out, redacted; `error` when it cannot be built yet (missing merchant id…). */
  z.strictObject({ type: z.literal('preview'), curl: longText, url: longText, error: z.string().max(2000).optional() }),
  z.strictObject({ type: z.literal('sending'), busy: z.boolean() }),
  /** The outcome of a send, for the status line; the response panel shows the details. */
  z.strictObject({ type: z.literal('sent'), tone: z.enum(['success', 'warning', 'error', 'info']), title: z.string().max(500) }),
  /** Problems the host found that the form did not show (the host validates again before sending). */
  z.strictObject({ type: z.literal('hostIssues'), issues: z.array(issueSchema) }),
  z.strictObject({ type: z.literal('focusField'), path: shortText }),
  z.strictObject({ type: z.literal('notice'), text: z.string().max(2000) }),
]);
export type FormHostMessage = z.infer<typeof formHostMessageSchema>;

// ---- form webview → host ----

export const formWebviewMessageSchema = z.discriminatedUnion('type', [
  readySchema,
  cspViolationSchema,
  z.strictObject({ type: z.literal('preview'), state: formStateSchema }),
  z.strictObject({ type: z.literal('send'), state: formStateSchema, sendAnyway: z.boolean() }),
  z.strictObject({ type: z.literal('freshIds') }),
  z.strictObject({ type: z.literal('loadLastBody') }),
  /** Login form: run the sign-in command, which stores the password (the page never sees it). */
  z.strictObject({ type: z.literal('setPassword') }),
  /** Update Session form on the simulator: create a session and fill sessionId. */
  z.strictObject({ type: z.literal('createSession') }),
  z.strictObject({ type: z.literal('save'), state: formStateSchema }),
  z.strictObject({ type: z.literal('copy'), text: longText }),
]);
export type FormWebviewMessage = z.infer<typeof formWebviewMessageSchema>;
