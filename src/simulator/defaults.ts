/** Credentials and port of a fresh simulator; printed by the CLI and used by the extension's default environment. */
export const SIMULATOR_DEFAULTS = {
  partnerEmail: 'partner@simulator.local',
  partnerPassword: 'simulator-password',
  merchantId: 'TESTSIMULATOR01',
  apiPassword: 'simulator-api-password',
  port: 4477,
} as const satisfies {
  partnerEmail: string;
  partnerPassword: string;
  merchantId: string;
  apiPassword: string;
  port: number;
};

/**
 * A second built-in merchant with an "authorize only" profile: its approved Authorize reserves funds
 * without capturing them, so Update Authorization can be tried (on the default, auto-capture merchant
 * the funds are already captured and only Refund applies). Same API password as the default merchant.
 */
export const SIMULATOR_AUTH_ONLY_MERCHANT_ID = 'TESTSIMAUTHONLY';

/** How many orders a simulator keeps by default (about 4 KB each); beyond it the oldest are forgotten. */
export const DEFAULT_MAX_ORDERS = 1000;
