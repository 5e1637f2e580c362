/**
 * The Gateway Tap: a loopback proxy the developer's own server calls instead of the gateway. It
 * forwards every call unchanged to an upstream environment and, beside the forwarding, recognises,
 * checks and decodes each call. No vscode import: the CLI and the extension are adapters over it.
 */
import type { TransportOptions } from '../http/types';
import type { Exchange, RequestProblem } from '../send/exchange';

/** Where the tap forwards to: an environment's gateway URL (path prefix kept) and how to reach it. */
export interface TapUpstream {
  /** The environment's gatewayUrl: `https://test-gateway.example.com` or `http://127.0.0.1:3000/prefix`. */
  url: string;
  environment: Exchange['environment'];
  /**
   * How the environment is reached, as every send to it is (Connections.transport): its CA, client
   * certificate and proxy. The merchant's own Basic credentials are passed through as they came.
   */
  transport?: TransportOptions;
}

export type FaultKind = 'delay' | 'timeout' | 'reset' | 'status' | 'busy' | 'twice';

/**
 * One rule of the fault plan. `operation` is an operation key of the catalogue ("authorize", "pay"),
 * an operation id ("gateway.authorize") or "*" for every call; `count` limits it to the next N calls
 * it matches, `share` (0 < share ≤ 1) to that share of them, chosen at random.
 */
export interface FaultRule {
  operation: string;
  kind: FaultKind;
  /** delay: milliseconds before the call is forwarded. */
  delayMs?: number;
  /** status: 500, 502 or 503. */
  status?: number;
  count?: number;
  share?: number;
}

/** A check of the request body at the version in its URL, as the form shows it. */
export type TapProblem = RequestProblem;

export interface TapCall {
  /** 1, 2, 3… in the order the calls arrived at the tap. */
  seq: number;
  /** What came in and what went back, masked by the one redaction policy; `seenBy` is 'tap'. */
  exchange: Exchange;
  /** False when method, path and apiOperation name no operation of the catalogue: forwarded all the same. */
  recognised: boolean;
  /** Why the call is not in the catalogue, when it is not. */
  unrecognisedWhy?: string;
  problems: TapProblem[];
  /** What the tap did to this call on purpose ("timeout: forwarded, never answered"). */
  fault?: string;
  orderId?: string;
  transactionId?: string;
  /** The payment session the call creates, updates or uses: a checkout's session calls thread into its order by it. */
  sessionId?: string;
  /** The financing partner's sign-in the call belongs to ("sign-in 1"): Login, and every call with its tokens or their refreshed ones. */
  conversation?: string;
}

/**
 * Where calls to an intercepted host go: to that host as the client asked (its answers are the real
 * ones, checked), to a mapped URL (an environment's, so a server hard-wired to the gateway's host runs
 * against the simulator), or nowhere, with the reason (a LIVE host not allowed).
 */
export type InterceptRoute = { kind: 'asked' } | { kind: 'mapped'; url: string; /** Where the financing API's calls (/api/online/…) go, when not to `url`. */ financingUrl?: string } | { kind: 'refused'; why: string };

/** The tap as an HTTPS proxy (CONNECT) and an HTTP proxy (absolute-form requests). */
export interface InterceptOptions {
  /** Lower-case host names (or IPs) the tap decrypts, checks and forwards, each with its route; every other host is tunnelled untouched. */
  routes: ReadonlyMap<string, InterceptRoute>;
  /** Asked before a call goes to a host as the client asked: a reason refuses it (403), as a LIVE host without consent. */
  refuseAsked?: (url: URL) => string | undefined;
}

/** What the proxy did that no call records: a tunnel closed, a client that refused the interception CA. */
export type ProxyNotice = { kind: 'tunnel'; host: string; port: number; bytesUp: number; bytesDown: number; error?: string } | { kind: 'handshake'; host: string; message: string };

export interface TapOptions {
  upstream: TapUpstream;
  /** Also a forward proxy: CONNECT and absolute-form requests, the hosts of `routes` intercepted. */
  intercept?: InterceptOptions;
  onProxyNotice?: (notice: ProxyNotice) => void;
  /** 127.0.0.1 unless given; anything else is the caller's explicit choice, said at start. */
  host?: string;
  /** 0 (any free port) unless given. */
  port?: number;
  /** A second listener with TLS, on a certificate for 127.0.0.1 and localhost. */
  tls?: { port?: number; cert: string; key: string };
  /** The ring of captured calls; 1,000 unless given. */
  maxCalls?: number;
  faults?: readonly FaultRule[];
  /** dist/tapWorker.js: checking and decoding in a thread of their own (else on the forwarding thread, after each answer). */
  analysisWorker?: string;
  /** How long the tap waits for the upstream's answer before it answers 502 itself. */
  upstreamTimeoutMs?: number;
}

export interface TapHandle {
  /** `http://127.0.0.1:PORT`: what the merchant's server sets as its gateway base URL. */
  readonly url: string;
  /** `https://127.0.0.1:PORT` when a TLS listener was asked for (its certificate also names localhost and ::1). */
  readonly tlsUrl: string | undefined;
  readonly upstream: TapUpstream;
  /** The interception CA (PEM) when the tap is also a proxy: what a client must trust for the intercepted hosts. */
  readonly interceptCaPem: string | undefined;
  /** How many calls the tap has seen since it started (the ring keeps the last `maxCalls`). */
  seen(): number;
  /** The captured calls, oldest first. */
  calls(): readonly TapCall[];
  /** Called once per call, after its answer went back and it was checked and decoded. */
  onCall(listener: (call: TapCall) => void): { dispose(): void };
  /** Resolves once every call seen so far was checked and handed to the listeners (or after `boundMs`): a run ending with its program waits for its last calls. */
  settled(boundMs: number): Promise<void>;
  setFaults(rules: readonly FaultRule[]): void;
  faults(): readonly FaultRule[];
  close(): Promise<void>;
}
