/**
 * Messages of the operation form panel. The form's whole content is a FormState: it is what the
 * webview keeps with setState (so it survives hiding and reloads), what the panel serializer gets
 * back, and what the webview posts when it asks for a preview, a send or a save.
 */
import { z } from 'zod';
import { cspViolationSchema, environmentSummarySchema, issueSchema, longText, readySchema, shortText } from './common';

const jsonObject = z.record(z.string(), z.json());

export const formStateSchema = z.object({
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

/** Field path → a short note shown beside the field ("card data is not kept: …"); generic, any sender may use it. */
export const fieldNotesSchema = z.record(shortText, z.string().max(500));
export type FieldNotes = z.infer<typeof fieldNotesSchema>;

export const formHostMessageSchema = z.discriminatedUnion('type', [
  /** Sent once after `ready`: what to show. */
  z.object({ type: z.literal('init'), state: formStateSchema, environments: z.array(environmentSummarySchema), fieldNotes: fieldNotesSchema.optional() }),
  z.object({ type: z.literal('environments'), environments: z.array(environmentSummarySchema) }),
  /** Replace the form's body (and params when given): last body, a request file, a history entry. */
  z.object({ type: z.literal('setBody'), body: jsonObject, params: z.record(shortText, shortText).optional(), source: shortText, fieldNotes: fieldNotesSchema.optional() }),
  /** Fresh ids drawn with the user's patterns. */
  z.object({ type: z.literal('ids'), params: z.record(shortText, shortText) }),
  /** The request as it would go out, redacted; `error` when it cannot be built yet (missing merchant id…). */
  z.object({ type: z.literal('preview'), curl: longText, url: longText, error: z.string().max(2000).optional() }),
  z.object({ type: z.literal('sending'), busy: z.boolean() }),
  /** The outcome of a send, for the status line; the response panel shows the details. */
  z.object({ type: z.literal('sent'), tone: z.enum(['success', 'warning', 'error', 'info']), title: z.string().max(500) }),
  /** Problems the host found that the form did not show (the host validates again before sending). */
  z.object({ type: z.literal('hostIssues'), issues: z.array(issueSchema) }),
  z.object({ type: z.literal('focusField'), path: shortText }),
  z.object({ type: z.literal('notice'), text: z.string().max(2000) }),
]);
export type FormHostMessage = z.infer<typeof formHostMessageSchema>;

// ---- form webview → host ----

export const formWebviewMessageSchema = z.discriminatedUnion('type', [
  readySchema,
  cspViolationSchema,
  z.object({ type: z.literal('preview'), state: formStateSchema }),
  z.object({ type: z.literal('send'), state: formStateSchema, sendAnyway: z.boolean() }),
  z.object({ type: z.literal('freshIds') }),
  z.object({ type: z.literal('loadLastBody') }),
  z.object({ type: z.literal('save'), state: formStateSchema }),
  z.object({ type: z.literal('copy'), text: longText }),
]);
export type FormWebviewMessage = z.infer<typeof formWebviewMessageSchema>;
