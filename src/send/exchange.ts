import type { DecodedResponse } from '../decode/types';

/**
 * One request sent and what came back, already redacted: this is what history stores, the response
 * view renders and the webview may receive. Nothing secret is ever put in it.
 */
export interface Exchange {
  id: string;
  startedAt: string;
  environment: { id: string; name: string; live: boolean };
  operationId: string;
  operationTitle: string;
  version?: number;
  params: Record<string, string>;
  request: {
    method: string;
    url: string;
    headers: Record<string, string>;
    /** The body as sent, with secrets and card numbers masked. */
    body?: unknown;
    /** True when masking changed the body, so a re-send must ask for the masked values again. */
    bodyWasMasked: boolean;
    curl: string;
  };
  response?: {
    status: number;
    headers: Record<string, string>;
    bodyText: string;
    sizeBytes: number;
    truncated: boolean;
    timing: { totalMs: number; ttfbMs: number };
  };
  failure?: { kind: string; message: string };
  decoded?: DecodedResponse;
  /** Set when the Gateway Tap saw this call pass between the developer's own server and the gateway. */
  seenBy?: 'tap';
  /** The request's problems at its version, for a request the workbench did not build (the tap's). */
  requestProblems?: RequestProblem[];
}

export interface RequestProblem {
  path: string;
  severity: 'error' | 'warning';
  message: string;
}
