/**
 * Messages of the response panel. The host sends an ExchangeView: the Exchange (already redacted)
 * with bodies capped for display; copy and "open in editor" go back to the host, which uses its own
 * full copy, so the webview never needs the whole of a huge body.
 */
import * as z from 'zod/mini';
import { decodedResponseSchema, verdictSchema } from '../../decode/decodedResponseSchema';
import { verdictActionIds } from '../../decode/advice';
import { cspViolationSchema, longText, readySchema, shortText } from '../../protocol/common';

/** More than the order lifecycle ever offers at once (Capture, Update, Refund, Void, Retrieve). */
const MAX_NEXT_STEPS = 8;

/** A request problem's message in the panel (history keeps up to 4 KiB). */
export const REQUEST_PROBLEM_MESSAGE_MAX = 4000;
/** As many request problems as history keeps (catalogue/issues.ts MAX_PROBLEMS; not imported: the page does not carry the catalogue). */
export const MAX_REQUEST_PROBLEMS = 100;

/** What the panel shows of a body; past this it shows the start and offers the editor. */
export const VIEW_BODY_CAP = 256 * 1024;

const headers = z.record(z.string().check(z.maxLength(1000)), z.string().check(z.maxLength(16_384)));

const shownBodySchema = z.strictObject({
  /** Pretty JSON when the body was JSON, the text otherwise; at most VIEW_BODY_CAP characters. */
  text: longText,
  json: z.boolean(),
  /** True when `text` is only the start of the body. */
  capped: z.boolean(),
  sizeBytes: z.number().check(z.int(), z.nonnegative()),
});
export type ShownBody = z.infer<typeof shownBodySchema>;

export const exchangeViewSchema = z.strictObject({
  id: shortText,
  startedAt: shortText,
  environment: z.strictObject({ id: shortText, name: shortText, live: z.boolean() }),
  operationId: shortText,
  operationTitle: shortText,
  version: z.optional(z.number().check(z.int())),
  request: z.strictObject({ method: shortText, url: longText, headers, body: z.optional(shownBodySchema), curl: longText }),
  response: z.optional(z
    .object({
      status: z.number().check(z.int()),
      headers,
      body: shownBodySchema,
      /** True when the client stopped reading at its size cap: the body itself is incomplete. */
      truncated: z.boolean(),
      timing: z.strictObject({ totalMs: z.number(), ttfbMs: z.number() }),
    })),
  /** A request that got no response; `verdict` is the decoder's explanation of it (cause and the fixing action). */
  failure: z.optional(z.strictObject({ kind: shortText, message: z.string().check(z.maxLength(4000)), verdict: verdictSchema })),
  decoded: z.optional(decodedResponseSchema),
  /** Set when the Gateway Tap saw this call pass between the developer's own server and the gateway. */
  seenBy: z.optional(z.literal('tap')),
  /** The request's errors and warnings at its version (a request the workbench did not build: the tap's). */
  requestProblems: z.optional(z.array(z.strictObject({ path: shortText, severity: z.enum(['error', 'warning']), message: z.string().check(z.maxLength(REQUEST_PROBLEM_MESSAGE_MAX)) })).check(z.maxLength(MAX_REQUEST_PROBLEMS))),
  /** What can follow on the order (orders/answers/nextSteps.ts); the host keeps the values, the page only the labels. */
  nextSteps: z.optional(z.array(z.strictObject({ operationId: shortText, label: shortText })).check(z.maxLength(MAX_NEXT_STEPS))),
});
export type ExchangeView = z.infer<typeof exchangeViewSchema>;

// ---- host → response webview ----

export const responseHostMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('show'), exchange: exchangeViewSchema }),
  z.strictObject({ type: z.literal('notice'), text: z.string().check(z.maxLength(2000)) }),
]);
export type ResponseHostMessage = z.infer<typeof responseHostMessageSchema>;

// ---- response webview → host ----

const bodyKindSchema = z.enum(['request', 'response', 'curl', 'redirectHtml', 'payerStep']);

export const responseWebviewMessageSchema = z.discriminatedUnion('type', [
  readySchema,
  cspViolationSchema,
  /** Open the browser-payment redirect URL: the host checks it is http(s) before opening. */
  z.strictObject({ type: z.literal('openRedirect'), url: z.string().check(z.maxLength(8192)) }),
  z.strictObject({ type: z.literal('copy'), what: bodyKindSchema }),
  z.strictObject({ type: z.literal('openInEditor'), what: bodyKindSchema }),
  /** From the error envelope: show this field in the operation's form. */
  z.strictObject({ type: z.literal('jumpToField'), operationId: shortText, path: shortText }),
  /** Open the request of this exchange in a form (to fix and re-send). */
  z.strictObject({ type: z.literal('openInForm') }),
  /** Open the form of next step number `index` of the exchange shown, filled by the host. */
  z.strictObject({ type: z.literal('nextStep'), index: z.number().check(z.int(), z.nonnegative(), z.lt(MAX_NEXT_STEPS)) }),
  /** Run the verdict's fixing action (sign in, set a password) for this exchange's environment. */
  z.strictObject({ type: z.literal('runAction'), action: z.enum(verdictActionIds) }),
]);
export type ResponseWebviewMessage = z.infer<typeof responseWebviewMessageSchema>;

/** What the response webview keeps with setState: enough for the serializer to find the exchange again. */
export const responseStateSchema = z.object({ exchangeId: shortText });
export type ResponseState = z.infer<typeof responseStateSchema>;
