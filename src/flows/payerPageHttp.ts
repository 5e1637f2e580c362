/**
 * What a payer's browser does on a simulator page, over HTTP, shared by the payer drivers: load a
 * page or submit a form, find the form to press, and answer a 3-D Secure challenge (the same page
 * whether the challenge came from Authenticate Payer or from the Hosted Checkout page).
 */
import { formsOf, MAX_PAGE_CHARS, type PageForm } from '../format/htmlForms';
import { listed, quote } from '../format/quote';
import type { PayerHttp } from './payerPageTypes';

const TIMEOUT_MS = 15_000;

export class PayerPageError extends Error {}

export interface LoadedPage {
  status: number;
  html: string;
  location?: string;
}

/** GET a page, or POST `fields` as a form; the answer is read up to MAX_PAGE_CHARS, within TIMEOUT_MS. */
export async function loadPage(http: PayerHttp, method: 'GET' | 'POST', url: string, fields?: Record<string, string>): Promise<LoadedPage> {
  const response = await http.client.send({
    method, url, headers: { accept: 'text/html', ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(fields ? { body: new URLSearchParams(fields).toString() } : {}), timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_PAGE_CHARS,
    ...(http.signal ? { signal: http.signal } : {}),
  });
  const location = response.headers['location'];
  return { status: response.status, html: response.bodyText, ...(location ? { location } : {}) };
}

export function formWith(forms: PageForm[], test: (f: PageForm) => boolean, what: string): PageForm {
  const form = forms.find(test);
  if (!form) throw new PayerPageError(`the page has no ${what}`);
  return form;
}

/**
 * On a loaded challenge page, picks `outcome` and submits it. Answers the page that returns the payer,
 * the form it posts back with, and where that form posts: resolved against the challenge, since a
 * return to a simulator page is relative (a payer behind a path prefix stays behind it).
 */
export async function answerChallenge(http: PayerHttp, page: LoadedPage, pageUrl: string, outcome: string): Promise<{ returned: LoadedPage; back: PageForm; backUrl: string }> {
  if (page.status !== 200) throw new PayerPageError(`the challenge page answered HTTP ${page.status}`);
  const choice = formWith(formsOf(page.html), (f) => Object.keys(f.selects).length > 0, 'form with a choice of result (is the challenge already finished?)');
  const [selectName, values] = Object.entries(choice.selects)[0] ?? ['', []];
  if (!values.includes(outcome)) throw new PayerPageError(`the challenge page offers ${listed(values.map((v) => quote(v)))}; outcome is ${quote(outcome)}`);
  const completeUrl = new URL(choice.action, pageUrl).toString();
  const returned = await loadPage(http, 'POST', completeUrl, { ...choice.inputs, [selectName]: outcome });
  if (returned.status !== 200) throw new PayerPageError(`submitting the challenge answered HTTP ${returned.status}`);
  const back = formWith(formsOf(returned.html), (f) => f.method === 'POST', 'form returning the payer from the challenge');
  return { returned, back, backUrl: new URL(back.action, completeUrl).toString() };
}

/** "a.b" keys of a posted form as nested objects ({ "order.id": "1" } → { order: { id: "1" } }), so expectations read them like a response. */
export function nestFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const parts = key.split('.');
    if (parts.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let at: Record<string, unknown> = out;
    for (const part of parts.slice(0, -1)) {
      const next = at[part];
      at = typeof next === 'object' && next !== null ? next as Record<string, unknown> : (at[part] = {}) as Record<string, unknown>;
    }
    at[parts[parts.length - 1] ?? key] = value;
  }
  return out;
}
