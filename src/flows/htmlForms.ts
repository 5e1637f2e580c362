/**
 * The forms of a payer page, read the way a browser would submit them: action, method and the named
 * inputs and selects. Only for pages the simulator (or a gateway's test page of the same shape) serves;
 * bounded in size, linear regular expressions, no DOM.
 */

import { unescapeHtml } from '../format/htmlText';

export const MAX_PAGE_CHARS = 256 * 1024;
const MAX_FORMS = 20;

export interface PageForm {
  id?: string;
  action: string;
  method: string;
  /** Hidden and text inputs by name, as the browser would send them. */
  inputs: Record<string, string>;
  /** Each select's options by its name. */
  selects: Record<string, string[]>;
}

export { unescapeHtml };

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*"([^"]*)"/g)) out[(m[1] ?? '').toLowerCase()] = unescapeHtml(m[2] ?? '');
  return out;
}

export function formsOf(html: string): PageForm[] {
  const text = html.length > MAX_PAGE_CHARS ? html.slice(0, MAX_PAGE_CHARS) : html;
  const forms: PageForm[] = [];
  for (const m of text.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    if (forms.length >= MAX_FORMS) break;
    const attrs = attributes(m[1] ?? '');
    const inner = m[2] ?? '';
    const inputs: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b([^>]*)>/gi)) {
      const a = attributes(input[1] ?? '');
      if (a['name'] !== undefined) inputs[a['name']] = a['value'] ?? '';
    }
    const selects: Record<string, string[]> = {};
    for (const select of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attributes(select[1] ?? '')['name'];
      if (name !== undefined) selects[name] = [...(select[2] ?? '').matchAll(/<option\b([^>]*)>/gi)].map((o) => attributes(o[1] ?? '')['value'] ?? '');
    }
    forms.push({ ...(attrs['id'] !== undefined ? { id: attrs['id'] } : {}), action: attrs['action'] ?? '', method: (attrs['method'] ?? 'GET').toUpperCase(), inputs, selects });
  }
  return forms;
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
