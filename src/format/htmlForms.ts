/**
 * The forms of a payer page, read the way a browser would submit them: action, method and the named
 * inputs and selects. Only for pages the simulator (or a gateway's test page of the same shape) serves,
 * and the redirect.html a gateway answers with; bounded in size, linear regular expressions, no DOM.
 */

import { unescapeHtml } from './htmlText';

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
