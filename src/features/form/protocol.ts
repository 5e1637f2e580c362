/**
 * Messages of the operation form panel. The form's whole content is a FormState: it is what the
 * webview keeps with setState (so it survives hiding and reloads), what the panel serializer gets
 * back, and what the webview posts when it asks for a preview, a send or a save.
 */
import * as z from 'zod/mini';
import { boundedJsonObject, cspViolationSchema, environmentSummarySchema, issueSchema, longText, readySchema, shortText } from '../../protocol/common';

/** Every object here is strict: a message with a key the protocol does not declare is rejected (and logged), never silently stripped. */
const jsonObject = boundedJsonObject;

export const formStateSchema = z.strictObject({
  operationId: shortText,
  version: z.optional(z.number().check(z.int(), z.positive())),
  environmentId: z.optional(shortText),
  /** URL parameters (orderId, transactionId, sessionId); merchantId comes from the environment. */
  params: z.record(shortText, shortText),
  /** The body exactly as the fields hold it: wrong values stay as typed (text where a number belongs). */
  body: jsonObject,
  /** Presentation only: restored so a reload puts the user back where they were. */
  ui: z.optional(z
    .object({
      search: z.optional(shortText),
      openGroups: z.optional(z.array(shortText).check(z.maxLength(1000))),
      focusPath: z.optional(shortText),
    })),
});
export type FormState = z.infer<typeof formStateSchema>;

// ---- host → form webview ----

/**
 * A short sentence beside a field or URL parameter, by its path or name: which order a follow-up got,
 * "card data is not kept: …". Generic: any sender may use it.
 */
const fieldNotesSchema = z.record(shortText, z.string().check(z.maxLength(500)));
export type FieldNotes = z.infer<typeof fieldNotesSchema>;

export const formHostMessageSchema = z.discriminatedUnion('type', [
  /** Sent once after `ready`: what to show. */
  z.strictObject({ type: z.literal('init'), state: formStateSchema, environments: z.array(environmentSummarySchema), paramNotes: z.optional(fieldNotesSchema), fieldNotes: z.optional(fieldNotesSchema) }),
  z.strictObject({ type: z.literal('environments'), environments: z.array(environmentSummarySchema) }),
  /** Replace the form's body (and params when given): last body, a request file, a history entry. */
  z.strictObject({ type: z.literal('setBody'), body: jsonObject, params: z.optional(z.record(shortText, shortText)), source: shortText, fieldNotes: z.optional(fieldNotesSchema) }),
  /** Fresh ids drawn with the user's patterns (or a session created), with why beside each. */
  z.strictObject({ type: z.literal('ids'), params: z.record(shortText, shortText), paramNotes: z.optional(fieldNotesSchema) }),
  /** Login form only: whether the environment has a stored partner password (the password itself never comes here). */
  z.strictObject({ type: z.literal('credentials'), passwordStored: z.boolean() }),
  /** The request as it would go out, redacted; `error` when it cannot be built yet (missing merchant id…). */
  z.strictObject({ type: z.literal('preview'), curl: longText, url: longText, error: z.optional(z.string().check(z.maxLength(2000))) }),
  z.strictObject({ type: z.literal('sending'), busy: z.boolean() }),
  /** The outcome of a send, for the status line; the response panel shows the details. */
  z.strictObject({ type: z.literal('sent'), tone: z.enum(['success', 'warning', 'error', 'info']), title: z.string().check(z.maxLength(500)) }),
  /** Problems the host found that the form did not show (the host validates again before sending). */
  z.strictObject({ type: z.literal('hostIssues'), issues: z.array(issueSchema) }),
  z.strictObject({ type: z.literal('focusField'), path: shortText }),
  z.strictObject({ type: z.literal('notice'), text: z.string().check(z.maxLength(2000)) }),
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
  /** A notification URL field: fill it with the local inbox's address (the host starts the inbox). */
  z.strictObject({ type: z.literal('useInbox'), path: shortText }),
  /** A URL the payer returns to, on the simulator: fill it with the simulator's return page (the host checks the path). */
  z.strictObject({ type: z.literal('useReturnPage'), path: shortText }),
  z.strictObject({ type: z.literal('save'), state: formStateSchema }),
  z.strictObject({ type: z.literal('copy'), text: longText }),
]);
export type FormWebviewMessage = z.infer<typeof formWebviewMessageSchema>;
