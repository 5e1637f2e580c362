import type { OutgoingNotification } from './deliveries/deliverer';
import type { RequestLog } from './requestLog';

/** What every API module needs from the running server. */
export interface SimContext {
  /** http://host:port of the plain port: browser pages are always served there (browsers have no client certificate). */
  baseUrl: string;
  now(): Date;
  log: RequestLog;
  /** Sends a webhook or callback in the background, retried while the receiver does not take it (delivery.ts). */
  notify(notification: OutgoingNotification): void;
  /** Runs `run` after `ms`, unless the simulator closes first (what the gateway does later by itself). */
  later(ms: number, run: () => void): void;
  /** The delays of the test references whose outcome comes later (TEST-FAIL-THEN-SUCCESS): each step after the one before. */
  testReferenceDelaysMs: readonly number[];
}
