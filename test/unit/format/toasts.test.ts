/**
 * Toasts (vscode.window.show*Message) read as sentences: a literal starts with a capital letter (or a
 * name it quotes, such as a file path), and a text the workbench does not write itself (an error's
 * message from Node or a library: "connect ECONNREFUSED …") goes through sentenceStart first.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sentenceStart } from '../../../src/format/sentence';

const repoRoot = process.cwd();
const TOAST = /\.show(?:Information|Warning|Error)Message\(/g;

function tsFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFilesUnder(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The first argument's text: up to the comma or parenthesis that closes it at depth 0, strings skipped whole. */
function firstArgument(source: string, from: number): string {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`') {
      i = endOfString(source, i);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return source.slice(from, i);
      depth--;
    } else if (c === ',' && depth === 0) return source.slice(from, i);
  }
  return source.slice(from);
}

/** Index of the quote that closes the string opened at `start` (template holes may nest strings). */
function endOfString(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && source[i + 1] === '{') {
      let depth = 0;
      for (i += 1; i < source.length; i++) {
        const d = source[i];
        if (d === "'" || d === '"' || d === '`') i = endOfString(source, i);
        else if (d === '{') depth++;
        else if (d === '}' && --depth === 0) break;
      }
    }
  }
  return source.length;
}

/** The first letters a user reads: of the literal itself, or of each branch of a conditional, at depth 0. */
function leadingLiterals(text: string): string[] {
  const starts: string[] = [];
  let previous = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if (c === "'" || c === '"' || c === '`') {
      if (previous === '' || previous === '?' || previous === ':') starts.push(text[i + 1] === '$' && c === '`' ? '$' : (text[i + 1] ?? ''));
      i = endOfString(text, i);
      previous = 'string';
    } else if (!/\s/.test(c)) previous = c;
  }
  return starts;
}

/** A localized text reads as its English source: `l10n.t('Saved {0}.', name)` is checked as `'Saved {0}.', name)`. */
const LOCALIZED_CALL = /(?:vscode\.)?l10n\.t\((?:\{\s*message:\s*)?/g;

/** What is wrong with a toast's first argument, or undefined when it reads as a sentence. */
function toastProblem(arg: string): string | undefined {
  // `a ?? 'fallback'` is no branch the sentence starts with: only `?` of a conditional is.
  const text = arg.trim().replace(LOCALIZED_CALL, '').replace(/\?\?/g, '||');
  if (text.startsWith('sentenceStart(')) return undefined;
  // notificationText only breaks link syntax in a text: the text inside it is what the user reads.
  if (text.startsWith('notificationText(') && text.endsWith(')')) return toastProblem(text.slice('notificationText('.length, -1));
  const starts = leadingLiterals(text);
  if (starts.length === 0) return `a text the workbench does not write goes through sentenceStart(): ${text}`;
  const lower = starts.find((c) => /[a-z]/.test(c));
  return lower !== undefined ? `starts in lower case: ${text}` : undefined;
}

describe('toasts', () => {
  it('start with a capital letter everywhere in src', () => {
    const problems = tsFilesUnder(path.join(repoRoot, 'src')).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return [...source.matchAll(TOAST)].flatMap((m) => {
        const problem = toastProblem(firstArgument(source, (m.index ?? 0) + m[0].length));
        return problem ? [`${path.relative(repoRoot, file)}:${source.slice(0, m.index).split('\n').length}: ${problem}`] : [];
      });
    });
    assert.deepEqual(problems, []);
  });

  it('the check itself spots a lower-case toast and a raw error message', () => {
    assert.match(toastProblem("'cURL copied.'") ?? '', /lower case/);
    assert.match(toastProblem("ok ? 'Saved.' : `failed: ${why}`") ?? '', /lower case/);
    assert.match(toastProblem('err instanceof Error ? err.message : String(err)') ?? '', /sentenceStart/);
    assert.equal(toastProblem("`${name} saved.`"), undefined);
    assert.equal(toastProblem('sentenceStart(message)'), undefined);
    assert.equal(toastProblem("vscode.l10n.t('Saved {0}.', name)"), undefined);
    assert.match(toastProblem("ok ? vscode.l10n.t('Saved.') : vscode.l10n.t('failed: {0}', why)") ?? '', /lower case/);
  });

  it('sentenceStart capitalises a plain first word and leaves names and paths as they are', () => {
    assert.equal(sentenceStart('connect ECONNREFUSED 127.0.0.1:9'), 'Connect ECONNREFUSED 127.0.0.1:9');
    assert.equal(sentenceStart('fetch failed'), 'Fetch failed');
    assert.equal(sentenceStart('timeout'), 'Timeout');
    assert.equal(sentenceStart('order.amount: must be at most 40 characters'), 'order.amount: must be at most 40 characters');
    assert.equal(sentenceStart('orderId is required'), 'orderId is required');
    assert.equal(sentenceStart('cURL copied'), 'cURL copied');
    assert.equal(sentenceStart('Already a sentence.'), 'Already a sentence.');
    assert.equal(sentenceStart(''), '');
  });
});
