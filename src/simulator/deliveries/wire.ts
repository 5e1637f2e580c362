/**
 * What the simulator's delivery log says over /_simulator/deliveries: one record per notification,
 * each with every attempt. Declared as schemas because the CLI and the editor read it from another
 * process, and believe nothing they have not parsed.
 */
import * as z from 'zod/mini';

export const DELIVERY_STATES = ['scheduled', 'held', 'delivering', 'retrying', 'delivered', 'failed', 'dropped', 'refused'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
/** States after which nothing more happens unless someone resends. */
export const SETTLED_STATES: readonly DeliveryState[] = ['delivered', 'failed', 'dropped', 'refused'];

export const attemptSchema = z.object({
  n: z.int(),
  time: z.string(),
  url: z.string(),
  /** 0: no HTTP answer (refused, reset, deadline). */
  status: z.int(),
  latencyMs: z.number(),
  /** The first 4 KB of the answer, as UTF-8 text. */
  answer: z.optional(z.string()),
  /** The whole answer's size in bytes, when more than was kept. */
  answerBytes: z.optional(z.int()),
  error: z.optional(z.string()),
  /** Why this attempt was made besides the schedule: a resend, or the duplicate of a delivery fault. */
  cause: z.optional(z.enum(['resend', 'duplicate'])),
});
export type DeliveryAttempt = z.infer<typeof attemptSchema>;

export const notificationSchema = z.object({
  /** The X-Notification-Id of every attempt. */
  id: z.string(),
  /** Creation order, from 1. */
  seq: z.int(),
  /** The change counter when it last changed (?since= reads it). */
  changed: z.int(),
  kind: z.enum(['webhook', 'callback']),
  merchantId: z.optional(z.string()),
  orderId: z.optional(z.string()),
  transactionId: z.optional(z.string()),
  /** "AUTHORIZATION APPROVED · order AUTHORIZED". */
  summary: z.string(),
  /** What the body said, for reconciling. */
  facts: z.optional(z.object({
    transactionType: z.optional(z.string()),
    amount: z.optional(z.string()),
    currency: z.optional(z.string()),
    gatewayCode: z.optional(z.string()),
    result: z.optional(z.string()),
    orderStatus: z.optional(z.string()),
  })),
  createdAt: z.string(),
  url: z.string(),
  /** The trigger (payment-workbench trigger) it was made under. */
  trigger: z.optional(z.string()),
  /** The delivery faults applied, as written ("drop", "delay=5"). */
  faults: z.array(z.string()),
  state: z.enum(DELIVERY_STATES),
  /** Why it is in that state, when the state alone does not say (refused, dropped, held). */
  note: z.optional(z.string()),
  nextAttemptAt: z.optional(z.string()),
  /** The headers sent, the secret masked. */
  headers: z.record(z.string(), z.string()),
  /** The body sent (card numbers masked as in every answer of the simulator). */
  body: z.string(),
  attempts: z.array(attemptSchema),
  /** The notification it is a new copy of (resend as new). */
  resentFrom: z.optional(z.string()),
});
export type NotificationRecord = z.infer<typeof notificationSchema>;

export const deliveriesPageSchema = z.object({
  /** The change counter now: ask ?since=<seq> for what changes next. */
  seq: z.int(),
  /** How many notifications were made so far: a notification made later has a greater `seq`. */
  created: z.int(),
  capacity: z.int(),
  notifications: z.array(notificationSchema),
});
export type DeliveriesPage = z.infer<typeof deliveriesPageSchema>;

export const webhookSettingsSchema = z.object({
  url: z.optional(z.string()),
  faults: z.array(z.string()),
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export const triggerOpenedSchema = z.object({ id: z.string() });
