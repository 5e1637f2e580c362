import { randomBytes } from 'node:crypto';
import type { FinancingCallbackStatus } from '../../catalogue/codes';
import type { Offer } from './offers';

/**
 * Financing applications: one per offers request (its data.sessionID). With selectFirst=true the
 * consumer continues on data.sessionUrl, a page the simulator serves; the lender tells the partner
 * about progress with POST callback_url {"order_id": external_id, "status": …}.
 * Status path: (new) → Started when the consumer opens the page → Disbursed | Rejected | Cancelled,
 * or Expired ("Let it expire" on the page stands for a consumer who never finishes).
 */

export interface FinancingApplication {
  id: string;
  offer: Offer;
  externalId?: number | string;
  callbackUrl?: string;
  redirectUrl?: string;
  status: FinancingCallbackStatus | 'New';
  createdAt: string;
}

/** Statuses the consumer (or the clock, for Expired) can give the application on the session page. */
const FINAL_DECISIONS = ['Disbursed', 'Rejected', 'Cancelled', 'Expired'] as const satisfies readonly FinancingCallbackStatus[];
type FinalDecision = (typeof FINAL_DECISIONS)[number];

export function isFinalDecision(text: string | null | undefined): text is FinalDecision {
  return (FINAL_DECISIONS as readonly string[]).includes(text ?? '');
}

export class ApplicationStore {
  private readonly byId = new Map<string, FinancingApplication>();

  create(fields: Omit<FinancingApplication, 'id' | 'status'>): FinancingApplication {
    const app: FinancingApplication = { id: randomBytes(12).toString('hex'), status: 'New', ...fields };
    this.byId.set(app.id, app);
    return app;
  }

  get(id: string): FinancingApplication | undefined {
    return this.byId.get(id);
  }
}
