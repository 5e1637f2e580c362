import type { SimContext } from '../context';
import type { JsonObject } from '../jsonText';
import type { MerchantProfile } from './auth';
import type { OrderStore } from './orders';
import type { SessionStore } from './sessions';

/** Everything one transaction operation works with; built by the router after auth and checks. */
export interface OpEnv {
  ctx: SimContext;
  orders: OrderStore;
  sessions: SessionStore;
  merchant: MerchantProfile;
  orderId: string;
  transactionId: string;
  /** The path version, echoed as text in responses. */
  version: string;
  /** The request body with session fields merged underneath (when session.id was sent). */
  body: JsonObject;
  /** Registers a browser-payment page token (Initiate Browser Payment only). */
  registerBrowserPayment(token: string): void;
}
