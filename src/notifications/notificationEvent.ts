/**
 * One notification as the inbox keeps it: which service sent it, the order it concerns, whether its
 * secret checked out, and what it says — decoded with the same decoder as a response (the gateway's
 * body is the Retrieve Transaction response). Headers and body are redacted with the one policy.
 */
import { decodeResponse, pendingAuthentication } from '../decode';
import { redactHeaders, redactJson, type HeaderValue } from '../redaction';

export type NotificationSource = 'gateway' | 'financing';

export interface NotificationSummary {
  /** Gateway: the verdict title ("Approved", "Declined: EXPIRED_CARD"); financing: the status. */
  title: string;
  transactionType?: string;
  gatewayCode?: string;
  result?: string;
  amount?: string;
  currency?: string;
  financingStatus?: string;
  /** Gateway: the payer-authentication status that keeps it pending whatever gatewayCode says (AUTHENTICATION_IN_PROGRESS). */
  pendingAuthentication?: string;
}

export interface NotificationEvent {
  /** The sender's notification id (X-Notification-Id), or one made up for a sender without it. */
  id: string;
  source: NotificationSource;
  /** Gateway `order.id`, financing `order_id`. */
  orderId?: string;
  transactionId?: string;
  receivedAt: string;
  /** Deliveries of this notification so far (retries and duplicates counted). */
  attempts: number;
  /**
   * True/false when a secret is configured, null when none is or for a financing callback (the
   * partner API signs nothing). False: the post was refused (401) and only its line is kept.
   */
  verified: boolean | null;
  headers: Record<string, string>;
  /** Redacted; undefined for a refused post, a note once the inbox's body budget dropped it. */
  body: unknown;
  summary: NotificationSummary;
}

type JsonRecord = Record<string, unknown>;
const isRecord = (v: unknown): v is JsonRecord => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** By the path it came to, or by its shape when it came to `/`. */
export function classify(path: string, body: unknown): NotificationSource | undefined {
  if (path === '/gateway') return 'gateway';
  if (path === '/financing') return 'financing';
  if (path !== '/' || !isRecord(body)) return undefined;
  if (isRecord(body['order']) && isRecord(body['transaction'])) return 'gateway';
  if ('order_id' in body && 'status' in body) return 'financing';
  return undefined;
}

export function orderIdOf(source: NotificationSource, body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (source === 'financing') return text(body['order_id']);
  return isRecord(body['order']) ? text(body['order']['id']) : undefined;
}

export function summarize(source: NotificationSource, body: unknown, rawText: string): NotificationSummary {
  if (source === 'financing') {
    const status = isRecord(body) ? text(body['status']) : undefined;
    return { title: status ? `Application ${status}` : 'Financing callback without a status', ...(status ? { financingStatus: status } : {}) };
  }
  const d = decodeResponse({ operationId: 'gateway.retrieveTransaction', httpStatus: 200, body, rawText });
  return definedOnly({
    title: d.verdict.title,
    transactionType: d.transaction?.type?.code,
    gatewayCode: d.outcome?.gatewayCode?.code,
    result: d.outcome?.result,
    amount: d.transaction?.amount,
    currency: d.transaction?.currency,
    pendingAuthentication: pendingAuthentication(body),
  });
}

export function transactionIdOf(source: NotificationSource, body: unknown): string | undefined {
  return source === 'gateway' && isRecord(body) && isRecord(body['transaction']) ? text(body['transaction']['id']) : undefined;
}

export function redactedParts(headers: Readonly<Record<string, HeaderValue>>, body: unknown): { headers: Record<string, string>; body: unknown } {
  return { headers: redactHeaders(headers), body: redactJson(body) };
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
