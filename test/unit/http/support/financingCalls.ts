import { SIMULATOR_DEFAULTS } from '../../../../src/simulator';
import type { OutgoingRequest } from '../../../../src/http';

/** A valid offers body for the simulator: a cart inside the financed range. */
export const OFFERS_BODY = JSON.stringify({
  products: [{ name: 'Road bike', category: 1, price: 1200, quantity: 1 }],
  credit_period: 24,
  email_address: 'consumer@example.test',
  first_name: 'Ana',
  last_name: 'Silva',
  external_id: 1001,
});

export function offersRequest(baseUrl: string, accessToken: string, extra: Partial<OutgoingRequest> = {}): OutgoingRequest {
  return {
    method: 'POST',
    url: `${baseUrl}/api/online/offers`,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: OFFERS_BODY,
    timeoutMs: 5000,
    maxResponseBytes: 1024 * 1024,
    ...extra,
  };
}

/** The default partner's login: a cheap request with a real JSON answer, handy to carry fault headers. */
export function loginRequest(baseUrl: string, extra: Partial<OutgoingRequest> = {}, fault?: string): OutgoingRequest {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (fault) headers['X-Simulator-Fault'] = fault;
  return {
    method: 'POST',
    url: `${baseUrl}/api/online/login`,
    headers,
    body: JSON.stringify({ email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword }),
    timeoutMs: 5000,
    maxResponseBytes: 1024 * 1024,
    ...extra,
  };
}
