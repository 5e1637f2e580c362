/** The flags of `tap flow`, `tap replay` and `tap export`, declared once: the parser, their --help and the general help read them. */
import type { CommandSpec } from '../format/commandLine';
import { LANGUAGES } from '../interop/export/code';
import { SHELLS } from '../tap/runtimes/throughTap';
import { ENVIRONMENTS_FLAG, SECRET_HOSTS_FLAG } from './secretFlags';

const CALL_HELP = 'the call: its seq as the tap printed it (#3), in the file\'s latest tap run; RUN:SEQ (1:3) for an earlier run of a file several runs appended to';

export const TAP_FLOW_COMMAND: CommandSpec = {
  name: 'tap flow',
  operands: '<record.jsonl>',
  summary: `Saves captured calls of a tap --record file as a flow (*.payflow.json) that replays them: an order's calls
(with the session calls that led to it), the calls named, or by default every call of the latest run the
catalogue knows. Ids a call sent or got back (order, transaction, session, token) become references to that
step, so each run makes a fresh order; what came back becomes each step's expectation. Values the tap
masked (a card that is not a public test card, secrets) are named: fill them in before it runs.`,
  flags: [
    { name: '--order', value: 'ID', help: 'the calls of this order, and the session calls that led to it' },
    { name: '--calls', value: 'LIST', help: 'the calls by seq: 1,3-5 (RUN:SEQ for an earlier run, as with --call)' },
    { name: '--out', value: 'FILE', help: 'the flow file to write (.payflow.json is added when missing); an existing one is refused unless --force; default: ORDER.payflow.json in the working folder, never over an existing file' },
    { name: '--force', help: 'replaces the file --out names when it exists' },
  ],
};

export const TAP_REPLAY_COMMAND: CommandSpec = {
  name: 'tap replay',
  operands: '<record.jsonl>',
  summary: `Sends one captured call of a tap --record file again, through the same send path as run: to the
environment the tap forwarded it to, or --env / --simulator. An order it opened gets a fresh order id, its
transaction id is drawn anew. It passes when the answer is what the tap saw (status, result, gatewayCode).
A LIVE environment needs --yes-live, a body that breaks the catalogue's rules --send-anyway; the
merchant's password comes from the environment variables run reads, never from the record.`,
  flags: [
    { name: '--call', value: 'SEQ', help: CALL_HELP },
    { name: '--env', value: 'NAME', help: 'the environment (id or name) to send to; default: the one the tap forwarded to' },
    ENVIRONMENTS_FLAG,
    SECRET_HOSTS_FLAG,
    { name: '--simulator', help: 'starts the simulator of both APIs for the replay, on a free port' },
    { name: '--yes-live', help: 'sends a money-moving call to a LIVE environment' },
    { name: '--send-anyway', help: 'sends a body that breaks the catalogue\'s rules, as the merchant\'s server did' },
  ],
};

export const TAP_EXPORT_COMMAND: CommandSpec = {
  name: 'tap export',
  operands: '<record.jsonl>',
  summary: `Exports one captured call of a tap --record file with the exporters of export: --curl a cURL command,
--code LANG a runnable program, --http a .http file; the password read from the environment variable the
CLI uses, never from the record.`,
  flags: [
    { name: '--call', value: 'SEQ', help: CALL_HELP },
    { name: '--curl', help: 'a cURL command, on stdout (or in --out)' },
    { name: '--code', value: 'LANG', choices: LANGUAGES, help: 'a program in this language, on stdout (or in --out)' },
    { name: '--http', help: 'a .http file, on stdout (or in --out)' },
    { name: '--env', value: 'NAME', help: 'the environment (id or name) whose URL and merchant id are used; default: the one the tap forwarded to' },
    { name: '--environments', value: 'FILE', help: 'environments.json with your environments (no secrets in it)' },
    { name: '--out', value: 'PATH', help: 'a file, or a folder to write the usual file into' },
  ],
};

/** `tap env`: beside the file commands, it reads the running tap's note rather than a record. */
export const TAP_ENV_COMMAND: CommandSpec = {
  name: 'tap env',
  summary: `Prints the variables that send a terminal's HTTPS through the Gateway Tap running now and make
its programs trust the run's interception CA (proxy, CA files for Node, Python, curl, PHP, Java, Go):
eval "$(payment-workbench tap env)". The trust lasts as long as the terminal keeps the variables and
the tap runs; nothing is installed on the machine.`,
  flags: [
    { name: '--shell', value: 'SHELL', choices: SHELLS, help: 'how to write them: bash (default), zsh, fish or powershell' },
    { name: '--cert-dir', value: 'DIR', help: 'the --cert-dir the running tap was given, if any' },
  ],
};

export const TAP_FILE_COMMANDS: readonly CommandSpec[] = [TAP_FLOW_COMMAND, TAP_REPLAY_COMMAND, TAP_EXPORT_COMMAND];

/** `tap flow …`, `tap replay …`, `tap export …`: the tap's subcommands over a record file. */
export function tapFileCommandOf(args: readonly string[]): CommandSpec | undefined {
  return TAP_FILE_COMMANDS.find((c) => c.name === `tap ${args[0] ?? ''}`);
}
