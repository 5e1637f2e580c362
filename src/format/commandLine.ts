/**
 * The flags of a terminal command, declared once: the parser, the command's --help and the general
 * help all read the same list, so a flag cannot exist without being documented. A mistake is told
 * in the user's words (which flag, the nearest one, where the help is), never as Node's parseArgs text.
 */

export interface FlagSpec {
  readonly name: `--${string}`;
  /** The value's placeholder in the usage ("N", "FILE"); a flag without one is a switch. */
  readonly value?: string;
  /** The only values accepted, named in the usage and in the error. */
  readonly choices?: readonly string[];
  /** Given more than once, every value is kept (CommandLine.repeated), in order. */
  readonly repeatable?: true;
  readonly help: string;
}

export interface CommandSpec {
  /** "run": shown as `payment-workbench run`. */
  readonly name: string;
  /** What follows the command besides flags ("<file|folder>..."); none when it takes no operands. */
  readonly operands?: string;
  readonly summary: string;
  readonly flags: readonly FlagSpec[];
}

export interface CommandLine {
  /** Each flag given, by name: its value, or true for a switch (the last one wins when repeated). */
  readonly flags: ReadonlyMap<string, string | true>;
  /** Every value of each repeatable flag, in the order given. */
  readonly repeated: ReadonlyMap<string, readonly string[]>;
  readonly operands: readonly string[];
}

/** Bad usage: the message names the command, the flag and what was wrong. */
export class CommandLineError extends Error {}

/** The known name nearest to an unknown one, or undefined (catalogue/closestPath, passed in by the caller's layer). */
export type Nearest = (unknown: string, known: readonly string[]) => string | undefined;

const PROGRAM = 'payment-workbench';

export function parseCommandLine(spec: CommandSpec, argv: readonly string[], nearest: Nearest): CommandLine {
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  const operands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      operands.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const flag = spec.flags.find((f) => f.name === name);
    if (!flag) throw new CommandLineError(unknownFlag(spec, name, nearest));
    if (!flag.value) {
      if (eq > 0) throw new CommandLineError(`${spec.name}: ${name} takes no value, got ${JSON.stringify(arg.slice(eq + 1))}`);
      flags.set(name, true);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new CommandLineError(`${spec.name}: ${name} needs a value (${expected(flag)})`);
    // An empty value is never what was meant: --host '' would listen on every interface, --port '' on any port.
    if (value === '') throw new CommandLineError(`${spec.name}: ${name} needs a value (${expected(flag)}), got an empty one`);
    if (flag.choices && !flag.choices.includes(value)) throw new CommandLineError(`${spec.name}: ${name} must be ${expected(flag)}, got ${JSON.stringify(value)}`);
    flags.set(name, value);
    if (flag.repeatable) repeated.set(name, [...(repeated.get(name) ?? []), value]);
  }
  return { flags, repeated, operands };
}

function unknownFlag(spec: CommandSpec, given: string, nearest: Nearest): string {
  const known = spec.flags.map((f) => f.name);
  const guess = nearest(given, known);
  const hint = guess ? ` (did you mean ${guess}?)` : `; the flags are ${known.join(', ')}`;
  return `${spec.name}: unknown flag ${given}${hint}\n${PROGRAM} ${spec.name} --help shows what each one does`;
}

function expected(flag: FlagSpec): string {
  if (!flag.choices) return flag.value ?? '';
  const quoted = [...flag.choices];
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

const flagUsage = (f: FlagSpec) => `[${f.name}${f.value ? ` ${f.choices ? f.choices.join('|') : f.value}` : ''}]`;

/** `payment-workbench run <file|folder>... [--env NAME] …`, wrapped under the command at `width`. */
export function synopsis(spec: CommandSpec, width = 100): string {
  const head = `${PROGRAM} ${spec.name}`;
  const indent = ' '.repeat(head.length + 1);
  const lines: string[] = [];
  let line = spec.operands ? `${head} ${spec.operands}` : head;
  for (const part of spec.flags.map(flagUsage)) {
    if (line.length + 1 + part.length > width && line.trim() !== head) {
      lines.push(line);
      line = `${indent}${part}`;
    } else line += ` ${part}`;
  }
  lines.push(line);
  return lines.join('\n');
}

/** The command's own --help: its synopsis, what it does, and one line (or more) per flag. */
export function commandHelp(spec: CommandSpec): string {
  const names = spec.flags.map((f) => `${f.name}${f.value ? ` ${f.value}` : ''}`);
  const column = Math.max(...names.map((n) => n.length)) + 2;
  const flags = spec.flags.map((f, i) => `  ${(names[i] ?? '').padEnd(column)}${wrapText(f.help, 100 - column - 2, ' '.repeat(column + 2))}`);
  return [`usage: ${synopsis(spec)}`, '', spec.summary, '', 'flags:', ...flags, `  ${'--help'.padEnd(column)}this help`].join('\n');
}

/** `text` on lines of at most `width` characters (a longer word stays whole), the lines after the first indented. */
export function wrapText(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}
