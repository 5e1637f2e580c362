/**
 * Exported programs read by a real parser of their language (tree-sitter's grammars as VS Code ships
 * them, @vscode/tree-sitter-wasm), for the languages whose toolchain a machine may lack: the program
 * must parse without an error, and a marker planted in names and values may stand only inside string
 * literals (with no interpolation) and comments, never in code.
 */
import * as path from 'node:path';
import { Language, Parser, type Node } from '@vscode/tree-sitter-wasm';
import type { Language as ExportLanguage } from '../../../src/interop';

const GRAMMAR: Record<ExportLanguage, string> = { node: 'javascript', python: 'python', php: 'php', java: 'java', csharp: 'c-sharp', go: 'go' };
/** Nodes whose whole text is data to the language. */
const STRING_TYPES = new Set(['string', 'template_string', 'encapsed_string', 'string_literal', 'verbatim_string_literal', 'interpolated_string_expression', 'interpreted_string_literal', 'raw_string_literal']);
const COMMENT_TYPES = new Set(['comment', 'line_comment', 'block_comment']);
/** What a literal holds as data: its text and escapes; anything else in it (an interpolation, a variable) is code. */
const STRING_PARTS = new Set(['string_fragment', 'escape_sequence', 'string_start', 'string_end', 'string_content', 'string_literal_content', 'interpreted_string_literal_content', 'raw_string_literal_content']);

const parsers = new Map<ExportLanguage, Parser>();

async function parserFor(language: ExportLanguage): Promise<Parser> {
  const known = parsers.get(language);
  if (known) return known;
  const wasm = path.dirname(require.resolve('@vscode/tree-sitter-wasm'));
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(path.join(wasm, `tree-sitter-${GRAMMAR[language]}.wasm`)));
  parsers.set(language, parser);
  return parser;
}

/**
 * Java reads `\uXXXX` everywhere (comments too) before it reads tokens (JLS §3.3): a backslash
 * preceded by an even number of backslashes starts one. The parser is given the text as javac sees it.
 */
export function javaUnicodeEscapesApplied(text: string): string {
  return text.replace(/(\\*)\\u+([0-9A-Fa-f]{4})/g, (whole, before: string, hex: string) =>
    before.length % 2 === 0 ? before + String.fromCharCode(parseInt(hex, 16)) : whole);
}

/** What is wrong with `text` as a program of `language`: syntax errors, and `marker` in code. Empty when nothing is. */
export async function problemsOf(language: ExportLanguage, text: string, marker: string): Promise<string[]> {
  const parser = await parserFor(language);
  const tree = parser.parse(language === 'java' ? javaUnicodeEscapesApplied(text) : text);
  if (!tree) return ['the parser gave no tree'];
  const problems: string[] = [];
  const visit = (node: Node): void => {
    if (node.isError || node.isMissing) problems.push(`${node.isMissing ? 'missing' : 'syntax error'} at line ${node.startPosition.row + 1}: ${JSON.stringify(node.text.slice(0, 80))}`);
    if (COMMENT_TYPES.has(node.type)) return;
    if (STRING_TYPES.has(node.type)) {
      // An interpolation is code inside the literal: read as code (the program's own, like its result line, hold no marker).
      for (const part of node.namedChildren) if (part && !STRING_PARTS.has(part.type)) visit(part);
      return;
    }
    if (node.childCount === 0 && node.text.includes(marker)) problems.push(`${marker} is code (${node.type}) at line ${node.startPosition.row + 1}: ${JSON.stringify(node.text.slice(0, 80))}`);
    for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  tree.delete();
  return problems;
}
