/**
 * A flow's payer step: what the payer does on a page the gateway sends them to, done over HTTP
 * without a browser, by the same page the browser would show. One driver per kind of page, chosen by
 * the key of the step's `payer` object: `challenge` (the 3-D Secure challenge) now; a hosted payment
 * page can join as `checkout` with its own driver.
 *
 *   { "id": "payer", "payer": { "challenge": "{{auth.response.authentication.redirect.html}}", "outcome": "authenticated" } }
 */
import { CHALLENGE_DRIVER } from './challengeDriver';
import { CHECKOUT_DRIVER } from './checkoutDriver';
import { excerpt, quote, quoteValueAt } from '../format/quote';
import type { PayerPageDriver, PayerPageResult, PayerHttp } from './payerPageTypes';

export type { PayerHttp, PayerPageDriver, PayerPageResult } from './payerPageTypes';


export const PAYER_PAGE_DRIVERS: Readonly<Record<string, PayerPageDriver>> = { challenge: CHALLENGE_DRIVER, checkout: CHECKOUT_DRIVER };

export type PayerAction = Record<string, unknown>;

/** The driver a payer step names, and the problems of its options (for the flow parser). */
export function payerProblems(payer: unknown): string[] {
  if (typeof payer !== 'object' || payer === null || Array.isArray(payer)) return [`must be an object naming one page (${Object.keys(PAYER_PAGE_DRIVERS).join(', ')}), got ${typeof payer}`];
  const record = payer as Record<string, unknown>;
  const kinds = Object.keys(record).filter((k) => k in PAYER_PAGE_DRIVERS);
  if (kinds.length !== 1) return [`must name exactly one page: one of ${Object.keys(PAYER_PAGE_DRIVERS).join(', ')}`];
  const kind = kinds[0] as string;
  const driver = PAYER_PAGE_DRIVERS[kind] as PayerPageDriver;
  const problems: string[] = [];
  if (typeof record[kind] !== 'string') problems.push(`${kind}: must be text (${driver.description})`);
  for (const [name, value] of Object.entries(record)) {
    if (name === kind) continue;
    const option = driver.options[name];
    if (!option) problems.push(`${excerpt(name)}: unknown for a ${kind} page; options: ${Object.keys(driver.options).join(', ')}`);
    else if (typeof value !== 'string' || (option.values && !option.values.includes(value) && !value.includes('{{'))) problems.push(`${name}: must be ${option.values ? `one of ${option.values.join(', ')}` : 'text'}, got ${quoteValueAt(name, value)}`);
  }
  for (const [name, option] of Object.entries(driver.options)) if (option.required && record[name] === undefined) problems.push(`${name}: required for a ${kind} page (${option.description})`);
  return problems;
}

export function payerKind(payer: PayerAction): string {
  return Object.keys(payer).find((k) => k in PAYER_PAGE_DRIVERS) ?? '';
}

export async function runPayerPage(payer: PayerAction, http: PayerHttp): Promise<PayerPageResult> {
  const kind = payerKind(payer);
  const driver = PAYER_PAGE_DRIVERS[kind];
  if (!driver) throw new Error(`no payer page ${quote(kind)}`);
  const { [kind]: entry, ...options } = payer;
  return driver.run(String(entry), options, http);
}
