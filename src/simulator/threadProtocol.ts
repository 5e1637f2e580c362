/**
 * What the editor's thread and the simulator's worker thread (worker.ts, thread.ts) say to each
 * other. Each side parses what it receives: a message that does not fit is refused, never guessed at.
 */
import * as z from 'zod/mini';

const port = z.number().check(z.int(), z.minimum(0), z.maximum(65535));

/** Bounds of one log line crossing the boundary: the worker cuts longer text before posting, so no request can make a message the host refuses. */
export const MAX_LOGGED_URL = 2000;
export const MAX_LOGGED_METHOD = 32;
/** Log lines in one batch; the worker posts at most one batch per LOG_BATCH_MS, and counts what it left out. */
export const MAX_LOG_BATCH = 200;
export const LOG_BATCH_MS = 100;
const MAX_ERROR_TEXT = 4000;

/** How the worker is asked to run the simulator (its workerData). */
export const threadStartSchema = z.strictObject({
  port,
  maxOrders: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
  runBy: z.enum(['vscode', 'terminal', 'test']),
  /** Tests and the bench only; VS Code leaves the simulator's default. */
  processingDelayMs: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(60_000))),
});
export type ThreadStart = z.infer<typeof threadStartSchema>;

/** The host asks only one thing of the worker: stop. */
export const toWorkerSchema = z.strictObject({ type: z.literal('stop') });
export type ToWorker = z.infer<typeof toWorkerSchema>;

/** One line of the simulator's request log as the editor's output channel shows it. */
export const loggedExchangeSchema = z.strictObject({
  method: z.string().check(z.maxLength(MAX_LOGGED_METHOD)),
  url: z.string().check(z.maxLength(MAX_LOGGED_URL)),
  status: z.number().check(z.int(), z.minimum(0), z.maximum(999)),
});
export type LoggedExchange = z.infer<typeof loggedExchangeSchema>;

export const fromWorkerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('started'), baseUrl: z.string().check(z.maxLength(100), z.regex(/^http:\/\/127\.0\.0\.1:\d{1,5}$/)), port }),
  /** `code` is Node's error code (EADDRINUSE), so the host can tell a taken port from anything else. */
  z.strictObject({ type: z.literal('failed'), message: z.string().check(z.maxLength(MAX_ERROR_TEXT)), code: z.optional(z.string().check(z.maxLength(64))) }),
  z.strictObject({ type: z.literal('log'), entries: z.array(loggedExchangeSchema).check(z.maxLength(MAX_LOG_BATCH)), omitted: z.number().check(z.int(), z.minimum(0)) }),
  z.strictObject({ type: z.literal('stopped') }),
]);
export type FromWorker = z.infer<typeof fromWorkerSchema>;

/** Text cut to `max` characters, marked where it was cut. */
export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export { MAX_ERROR_TEXT };
