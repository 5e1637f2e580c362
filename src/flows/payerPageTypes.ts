/**
 * What a payer-page driver is and what it is given, on its own so payerPages.ts (which lists the drivers)
 * and the drivers and their HTTP helpers (which implement it) depend on it and not on each other: with
 * these types in payerPages.ts they formed a type-only import circle (lint counts those:
 * .dependency-cruiser.cjs).
 */
import type { HttpClient } from '../http/httpClient';

export interface PayerPageResult {
  /** What the step records as its response: the page's answer, readable by expectations and later steps. */
  response: Record<string, unknown>;
  /** The last HTTP status the page answered with. */
  status: number;
}

export interface PayerPageDriver {
  /** The step's title in reports. */
  title: string;
  /** The options besides the driver's key: name → what it takes (the flow schema's description). */
  options: Record<string, { description: string; values?: readonly string[]; required: boolean }>;
  /** What the driver key's value is. */
  description: string;
  run(entry: string, options: Record<string, unknown>, http: PayerHttp): Promise<PayerPageResult>;
}

/** The payer's browser, reduced to what a driver needs: the environment's HTTP client and its bounds. */
export interface PayerHttp {
  client: HttpClient;
  signal?: AbortSignal;
}
