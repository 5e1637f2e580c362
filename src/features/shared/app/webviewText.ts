/**
 * The webviews' text in VS Code's display language. The host writes the extension's l10n bundle into the
 * page (`data-l10n` on <body>, see shared/host/webviewHtml.ts); it is read once, before any module renders,
 * and checked like a host message: a flat record of bounded strings, anything else is ignored (English).
 * Imported first by each app's main.ts, so labels built when a module loads are already translated.
 */
import * as l10n from '@vscode/l10n';

/** Bounds of a bundle a page accepts: far above the extension's own (about 1,000 short texts). */
export const MAX_BUNDLE_ENTRIES = 5000;
export const MAX_BUNDLE_TEXT = 4000;
export const MAX_BUNDLE_ATTRIBUTE = 2 * 1024 * 1024;

/** The bundle as a null-prototype record of strings, or undefined when `raw` is not one within the bounds. */
export function parseBundle(raw: string | undefined): Record<string, string> | undefined {
  if (!raw || raw.length > MAX_BUNDLE_ATTRIBUTE) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const entries = Object.entries(parsed);
  if (entries.length > MAX_BUNDLE_ENTRIES) return undefined;
  const bundle = Object.create(null) as Record<string, string>;
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || key.length > MAX_BUNDLE_TEXT || value.length > MAX_BUNDLE_TEXT) return undefined;
    bundle[key] = value;
  }
  return bundle;
}

// Through globalThis: the host's unit tests load this module without a DOM.
const page = (globalThis as { document?: { body: { dataset: Record<string, string | undefined> } | null } }).document;
const bundle = parseBundle(page?.body?.dataset['l10n']);
if (bundle) l10n.config({ contents: bundle });
