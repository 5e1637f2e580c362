import type { FaultPlan } from './faults';
import type { NotificationDelivery } from './deliveries/deliverer';
import type { RequestLog } from './requestLog';

export type SimulatorRunner = 'vscode' | 'terminal' | 'test';

export interface SimulatorOptions {
  /** Default 127.0.0.1: the simulator is for this machine only. */
  host?: string;
  /** 0 = an ephemeral port (tests). Default SIMULATOR_DEFAULTS.port. */
  port?: number;
  /** Access-token lifetime in seconds (expires_in). Default 3600. */
  tokenLifetimeSeconds?: number;
  /** Financing partner accounts. Default: SIMULATOR_DEFAULTS' e-mail and password. */
  partnerAccounts?: { email: string; password: string }[];
  /**
   * Gateway merchants. Default: SIMULATOR_DEFAULTS.merchantId (auto-capture) and
   * SIMULATOR_AUTH_ONLY_MERCHANT_ID (authorize only), both with SIMULATOR_DEFAULTS.apiPassword.
   * autoCapture defaults to true: an approved Authorize also captures, so Refund works after it.
   */
  merchants?: { merchantId: string; apiPassword: string; autoCapture?: boolean; webhookUrl?: string }[];
  /** A second HTTPS port that requires a client certificate signed by `ca`; Basic auth is not needed there. */
  mtls?: { port?: number; key: string | Buffer; cert: string | Buffer; ca: string | Buffer };
  /** Clock for token expiry and timestamps (tests). */
  now?: () => Date;
  /** How long a gateway operation holds its order lock (ms). Default 5, so overlapping operations collide as on the real gateway. */
  processingDelayMs?: number;
  /** Orders kept in memory (about 4 KB each); beyond it the oldest is forgotten. Default 1000. */
  maxOrders?: number;
  /**
   * Who runs this simulator, told on GET /_simulator so another program finding the port taken can
   * say where to stop it: 'vscode' (a VS Code window's extension host) or 'terminal' (npm run simulator).
   */
  runBy?: SimulatorRunner;
  /** Request-log ring size. Default 1000. */
  requestLogCapacity?: number;
  /**
   * Delays (ms) before each new attempt of a webhook or callback the receiver did not take (no 2xx):
   * their count is the number of retries. Default DEFAULT_RETRY_DELAYS_MS (1, 2, 4, 8 s); [] = no retry.
   */
  notificationRetryDelaysMs?: readonly number[];
  /**
   * How long after Initiate Browser Payment a timed test reference (TEST-FAIL-THEN-SUCCESS…) takes
   * each step, ms. Default [1000, 2000]; the real gateway's test mode takes 30 s, then 60 s.
   */
  testReferenceDelaysMs?: readonly number[];
  /** Notifications the delivery log keeps (newest), each with its attempts. Default 1000. */
  deliveryLogCapacity?: number;
  /** Deliveries in flight to one endpoint at a time; the rest wait their turn. Default 8. */
  deliverySlotsPerEndpoint?: number;
  /**
   * Hosts besides loopback that a URL from a request (order.notificationUrl, callback_url) may reach.
   * A merchant's webhook URL, a trigger's --to and a resend's target are explicit and need no entry.
   */
  webhookHosts?: readonly string[];
  /**
   * How long a client may take to send a whole request, headers and body (ms); then 408 and the
   * connection closes, so a client sending a byte now and then (slowloris) holds nothing for long.
   * The headers alone get a third of it. Default 60000.
   */
  requestTimeoutMs?: number;
}

export interface SimulatorHandle {
  /** http://127.0.0.1:PORT — both APIs: /api/online/* and /api/rest/version/*. */
  baseUrl: string;
  port: number;
  /** https://127.0.0.1:PORT of the client-certificate port, when mtls was given. */
  mtlsUrl?: string;
  /** baseUrl + '/_simulator'. */
  controlUrl: string;
  requestLog: RequestLog;
  /** Every notification made, with its attempts; settings per merchant and triggers. */
  deliveries: NotificationDelivery;
  setFaults(f: FaultPlan | undefined): void;
  close(): Promise<void>;
}
