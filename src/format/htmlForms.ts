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
  // Each value ends at the next quote, so the scan is linear however many attributes a tag has.
  for (const m of tag.matchAll(/([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*"([^"]*)"/g)) out[(m[1] ?? '').toLowerCase()] = unescapeHtml(m[2] ?? '');
  return out;
}

interface Tag {
  /** Lower case, "/form" for an end tag. */
  name: string;
  /** What follows the name, up to the ">" (its attributes). */
  rest: string;
}

/**
 * The tags of a page in order, as a browser ends them: at the next ">". One pass over the text, each
 * character read once (the former regular expressions searched the rest of the page again for every
 * "<form", "<option" or "<input" without its end: 256 KB of "<option " took 5 s of the host).
 */
function* tagsOf(text: string): Generator<Tag> {
  for (let at = text.indexOf('<'); at >= 0; ) {
    const end = text.indexOf('>', at + 1);
    if (end < 0) return;
    const inner = text.slice(at + 1, end);
    const name = /^\/?[A-Za-z][A-Za-z0-9]*/.exec(inner)?.[0];
    if (name !== undefined) yield { name: name.toLowerCase(), rest: inner.slice(name.length) };
    at = text.indexOf('<', end + 1);
  }
}

/** A form being read: closed by "</form>", as the regular expressions required; one left open is not a form. */
interface OpenForm {
  attrs: Record<string, string>;
  inputs: Record<string, string>;
  selects: Record<string, string[]>;
  /** The select being read (its name and options); kept only once "</select>" closes it. */
  select?: { name: string | undefined; options: string[] };
}

export function formsOf(html: string): PageForm[] {
  const text = html.length > MAX_PAGE_CHARS ? html.slice(0, MAX_PAGE_CHARS) : html;
  const forms: PageForm[] = [];
  let open: OpenForm | undefined;
  for (const tag of tagsOf(text)) {
    if (forms.length >= MAX_FORMS) break;
    // A "<form" inside a form is text of the first (the former pattern matched from the first to the first "</form>").
    if (tag.name === 'form' && open === undefined) open = { attrs: attributes(tag.rest), inputs: {}, selects: {} };
    else if (open === undefined) continue;
    else if (tag.name === '/form') {
      const { attrs, inputs, selects } = open;
      forms.push({ ...(attrs['id'] !== undefined ? { id: attrs['id'] } : {}), action: attrs['action'] ?? '', method: (attrs['method'] ?? 'GET').toUpperCase(), inputs, selects });
      open = undefined;
    } else if (tag.name === 'input') {
      const a = attributes(tag.rest);
      if (a['name'] !== undefined) open.inputs[a['name']] = a['value'] ?? '';
    } else if (tag.name === 'select') {
      open.select ??= { name: attributes(tag.rest)['name'], options: [] };
    } else if (tag.name === 'option' && open.select) {
      open.select.options.push(attributes(tag.rest)['value'] ?? '');
    } else if (tag.name === '/select' && open.select) {
      if (open.select.name !== undefined) open.selects[open.select.name] = open.select.options;
      delete open.select;
    }
  }
  return forms;
}
