/**
 * The README's pictures, taken by the real-browser tests at the moment their state is on screen, so
 * they show what the code does today. Every run writes them to test-artifacts/docs-images; only
 * `npm run screenshots` (PW_SCREENSHOTS=1) copies them to docs/images, so an ordinary test run
 * leaves the git tree as it was.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { artifactsDir, repoRoot } from './paths';

export const docsImagesDir = path.join(repoRoot, 'docs', 'images');
/** What a README picture may weigh and measure: small enough for the repository and the Marketplace page. */
export const DOCS_IMAGE_LIMITS = { maxBytes: 150 * 1024, maxWidth: 1280 };

/** Width and height from a PNG's IHDR chunk (first, after the 8-byte signature). */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Takes the picture `name` of the area covering `parts` (the whole viewport when none), its top
 * `maxHeight` pixels when given, checks it against DOCS_IMAGE_LIMITS and returns where it went.
 */
export async function docsImage(page: Page, name: string, parts: Locator[] = [], opts: { maxHeight?: number } = {}): Promise<string> {
  const file = path.join(artifactsDir, 'docs-images', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const boxes = (await Promise.all(parts.map((p) => p.boundingBox()))).filter((b): b is NonNullable<typeof b> => b !== null);
  const clip = boxes.length === 0 ? undefined : (() => {
    const x = Math.max(0, Math.min(...boxes.map((b) => b.x)));
    const y = Math.max(0, Math.min(...boxes.map((b) => b.y)));
    const right = Math.max(...boxes.map((b) => b.x + b.width));
    const bottom = Math.max(...boxes.map((b) => b.y + b.height));
    return { x, y, width: Math.min(right - x, DOCS_IMAGE_LIMITS.maxWidth), height: Math.min(bottom - y, opts.maxHeight ?? Infinity) };
  })();
  const bytes = await page.screenshot({ path: file, clip, animations: 'disabled', caret: 'hide' });
  const { width } = pngSize(bytes);
  if (width > DOCS_IMAGE_LIMITS.maxWidth) throw new Error(`${name}.png is ${width} px wide (at most ${DOCS_IMAGE_LIMITS.maxWidth})`);
  if (bytes.length > DOCS_IMAGE_LIMITS.maxBytes) throw new Error(`${name}.png weighs ${Math.round(bytes.length / 1024)} KB (at most ${DOCS_IMAGE_LIMITS.maxBytes / 1024} KB): crop it to the part the README talks about`);
  if (process.env['PW_SCREENSHOTS'] === '1') {
    fs.mkdirSync(docsImagesDir, { recursive: true });
    fs.copyFileSync(file, path.join(docsImagesDir, `${name}.png`));
  }
  return file;
}
