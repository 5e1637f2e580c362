/** TLS and proxy settings of one HttpClient; fixed for its lifetime because undici pools connections per dispatcher. */
export interface TransportOptions {
  tls?: {
    /** Client certificate (PEM) for certificate authentication at the gateway. */
    cert?: string | Buffer;
    key?: string | Buffer;
    passphrase?: string;
    /** Extra trusted CA (PEM), e.g. a company root or the simulator's own CA. */
    ca?: string | Buffer;
    rejectUnauthorized?: boolean;
  };
  proxy?: {
    url: string;
    /** Mirrors VS Code's `http.proxyStrictSSL`: false accepts any certificate on the proxied path. */
    strictSSL?: boolean;
  };
}

/** What a client's requests go to, where it changes what a failure should say. */
export interface HttpTarget {
  /** The workbench's simulator on this machine: a refused connection asks whether it is running. */
  localSimulator?: boolean;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OutgoingRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Budget for the whole exchange: connect, headers and the last byte of the body. */
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  /** Parsed body; undefined when the body is empty or not JSON (then jsonError says why). */
  json: unknown | undefined;
  jsonError?: string;
  sizeBytes: number;
  timing: { totalMs: number; ttfbMs: number };
}
