/**
 * Text columns as a terminal shows them: CJK and most emoji take two cells, combining marks and
 * joiners none. One pass over the text, by code point ranges (Unicode East Asian Width W and F, and
 * the emoji blocks); no table of every character, so an unusual one may be off by a cell, never by more.
 */

/** Ranges of two-cell code points, sorted. */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x23e9, 0x23ec], [0x23f0, 0x23f0], [0x23f3, 0x23f3],
  [0x25fd, 0x25fe], [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f], [0x2693, 0x2693], [0x26a1, 0x26a1],
  [0x26aa, 0x26ab], [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea],
  [0x26f2, 0x26f3], [0x26f5, 0x26f5], [0x26fa, 0x26fa], [0x26fd, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b],
  [0x2728, 0x2728], [0x274c, 0x274c], [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797],
  [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55],
  [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf], [0xa960, 0xa97f],
  [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f], [0xff00, 0xff60], [0xffe0, 0xffe6],
  [0x16fe0, 0x18cff], [0x1b000, 0x1b2ff], [0x1f004, 0x1f004], [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a], [0x1f200, 0x1f2ff], [0x1f300, 0x1f64f], [0x1f680, 0x1f6ff], [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff], [0x1fa70, 0x1faff], [0x20000, 0x3fffd],
];

/** Zero cells: combining marks, zero-width spaces and joiners, variation selectors. */
const ZERO: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f], [0x0483, 0x0489], [0x0591, 0x05bd], [0x0610, 0x061a], [0x064b, 0x065f], [0x0e31, 0x0e31],
  [0x0e34, 0x0e3a], [0x0e47, 0x0e4e], [0x1ab0, 0x1aff], [0x1dc0, 0x1dff], [0x200b, 0x200f], [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f], [0xfe20, 0xfe2f], [0x1f3fb, 0x1f3ff], [0xe0000, 0xe0fff],
];

/** Binary search: O(log ranges) per code point, so the whole text is linear. */
function inRanges(code: number, ranges: readonly (readonly [number, number])[]): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = ranges[mid] as readonly [number, number];
    if (code < from) hi = mid - 1;
    else if (code > to) lo = mid + 1;
    else return true;
  }
  return false;
}

export function codePointWidth(code: number): 0 | 1 | 2 {
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return 0;
  if (code < 0x300) return 1;
  if (inRanges(code, ZERO)) return 0;
  return inRanges(code, WIDE) ? 2 : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += codePointWidth(char.codePointAt(0) as number);
  return width;
}

/** `text` in exactly `width` cells (at least 1): padded with spaces, or cut with … where it would overflow. */
export function fitColumn(text: string, width: number): string {
  let used = 0;
  let end = 0;
  // Where the text would be cut if it overflows: the last point leaving a cell for the ….
  let cutAt = 0;
  let cutCells = 0;
  for (const char of text) {
    const w = codePointWidth(char.codePointAt(0) as number);
    if (used + w > width) return `${text.slice(0, cutAt)}…${' '.repeat(width - cutCells - 1)}`;
    used += w;
    end += char.length;
    if (used < width) {
      cutAt = end;
      cutCells = used;
    }
  }
  return text + ' '.repeat(width - used);
}

/** The longest start of `chars` that fits in `cells`, and the cells it takes. */
function fittingStart(chars: readonly string[], cells: number): { taken: string[]; used: number } {
  const taken: string[] = [];
  let used = 0;
  for (const char of chars) {
    const w = codePointWidth(char.codePointAt(0) as number);
    if (used + w > cells) break;
    taken.push(char);
    used += w;
  }
  return { taken, used };
}

/**
 * `text` in exactly `width` cells (at least 2), cut in the middle where it would overflow: ids that
 * share a start and differ at the end (createSession2, createSession3) stay told apart, "createS…ion2".
 * A third of the room goes to the end, which is where numbered ids differ.
 */
export function fitColumnKeepingEnd(text: string, width: number): string {
  const used = displayWidth(text);
  if (used <= width) return text + ' '.repeat(width - used);
  const chars = [...text];
  const endCells = Math.ceil((width - 1) / 3);
  const end = fittingStart([...chars].reverse(), endCells);
  const start = fittingStart(chars, width - 1 - end.used);
  return `${start.taken.join('')}…${end.taken.reverse().join('')}${' '.repeat(width - 1 - end.used - start.used)}`;
}
