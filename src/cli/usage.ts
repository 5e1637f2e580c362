import { closestPath } from '../catalogue/closestPath';
import { commandHelp, CommandLineError, parseCommandLine, synopsis, wrapText, type CommandLine, type CommandSpec } from '../format/commandLine';
import { SIMULATOR_COMMAND } from '../simulator/terminal';
import { EXPORT_COMMAND, IMPORT_COMMAND } from './interopSpecs';
import { REPORTERS } from './reporters';
import { DELIVERIES_COMMANDS, RECONCILE_COMMAND, TRIGGER_COMMAND } from './deliverySpecs';
import { TAP_ENV_COMMAND, TAP_FILE_COMMANDS } from './tapFilesSpecs';
import { ENVIRONMENTS_FLAG, SECRET_DESTINATION_HELP, SECRET_HOSTS_FLAG, SECRET_HOSTS_VARIABLE } from './secretFlags';

/** Bad usage or an invalid input file: exit status 2, with a message naming what is at fault. */
export class UsageError extends Error {}

export const SECRET_VARIABLE_HELP = `Secrets come only from environment variables (never from files or flags):
  PAYMENT_WORKBENCH_GATEWAY_API_PASSWORD, PAYMENT_WORKBENCH_PARTNER_EMAIL,
  PAYMENT_WORKBENCH_PARTNER_PASSWORD, PAYMENT_WORKBENCH_CERTIFICATE_PASSPHRASE;
  PAYMENT_WORKBENCH_<ENV_ID>_<NAME> (the environment id in capitals, - as _) wins for that environment.
  The simulator environments use the simulator's public test credentials.
  ${SECRET_HOSTS_VARIABLE}=host[:port],… (or --secret-hosts) pins the hosts they may reach.`;

export const RUN_COMMAND: CommandSpec = {
  name: 'run',
  operands: '<file|folder>...',
  summary: `Runs flow files (*.payflow.json) and request files (*.payreq.json, as one-step flows); folders are
searched for both. Exit status: 0 every step passed; 1 a step failed (an expectation, an error verdict, a
send refused); 2 bad usage or an invalid file (nothing is sent); 3 an environment could not be reached
(connection refused, DNS, TLS, proxy or timeout) and no step failed for another reason; 4 a secret would
reach a host --secret-hosts or ${SECRET_HOSTS_VARIABLE} does not allow (nothing is sent). Nobody is asked
during a run: a money-moving step to a LIVE environment is not sent without --yes-live, a body that breaks
the catalogue's rules not without --send-anyway (or a step that expects the refusal, a 4xx status), and a
missing password names the variable to set.

--shard i/n runs one part of the flows on each of n CI machines: every machine collects the same files,
sorts them by path relative to the working folder (code-point order, / between folders) and cuts the
list into n consecutive parts whose sizes differ by at most one; machine i runs part i. A shard left
without flows passes.

What it reads: the files named, --environments FILE or else .vscode/payment-workbench.environments.json
of the working folder (in a repository you did not write, that file decides where requests and secrets
go), and the CA and client certificate files its environments name (regular files, at most 1 MiB each).
${SECRET_DESTINATION_HELP}

${SECRET_VARIABLE_HELP}`,
  flags: [
    { name: '--env', value: 'NAME', help: 'the environment (id or name) for every flow; default: each flow\'s "environment", else local-simulator' },
    ENVIRONMENTS_FLAG,
    SECRET_HOSTS_FLAG,
    { name: '--simulator', help: 'starts the simulator of both APIs for the run, on a free port' },
    { name: '--reporter', value: 'NAME[:FILE]', repeatable: true, help: `${REPORTERS.join(', ')} (default text), to stdout or to FILE; repeat it for several at once: --reporter text --reporter junit:reports/junit.xml (at most one report on stdout)` },
    { name: '--out', value: 'FILE', help: 'writes the report of the one reporter named without a file to FILE (the text lines still go to stdout)' },
    { name: '--shard', value: 'i/n', help: 'runs only part i of n of the flows (1 ≤ i ≤ n ≤ 1000), for n CI machines' },
    { name: '--yes-live', help: 'sends money-moving steps to a LIVE environment' },
    { name: '--send-anyway', help: 'sends a body that breaks the catalogue\'s rules' },
  ],
};

export const LISTEN_SECRET_VARIABLE = 'PAYMENT_WORKBENCH_NOTIFICATION_SECRET';

export const LISTEN_COMMAND: CommandSpec = {
  name: 'listen',
  summary: `Receives gateway webhooks (POST /gateway) and financing callbacks (POST /financing) on 127.0.0.1
until Ctrl+C, printing one line per notification. With a secret, a request without the right
X-Notification-Secret gets 401 and prints verified false. For a real gateway, put a tunnel of your
choice in front of the port.`,
  flags: [
    { name: '--port', value: 'N', help: 'the port, 0 to 65535 (default 0: any free port)' },
    { name: '--json', help: 'one JSON object per line: source, orderId, verified, receivedAt, attempts, summary and the redacted body' },
    { name: '--secret', value: 'S', help: `the X-Notification-Secret to check (better: ${LISTEN_SECRET_VARIABLE}, which stays out of the process list)` },
  ],
};

export const TEST_CARDS_COMMAND: CommandSpec = {
  name: 'test-cards',
  summary: `Lists the test cards the simulator knows: the approve/decline cards (the expiry picks the outcome,
01/39 approves) and the 3-D Secure cards (threeDS: frictionless, attempted, failed, rejected, challenge,
notEnrolled, unavailable). They work on a real gateway's TEST merchant as far as the public test card
tables go; cards marked "simulator card" only on the simulator.`,
  flags: [
    { name: '--json', help: 'one JSON array: number, expiry {month, year}, securityCode, purpose, threeDS (3-D Secure cards only)' },
  ],
};

export const TAP_COMMAND: CommandSpec = {
  name: 'tap',
  operands: '[-- COMMAND [ARGS...]]',
  summary: `The Gateway Tap: your own server calls the tap (set its gateway base URL to the printed address)
and every call is forwarded unchanged to the upstream, then printed as one line: time, operation and
version, order/transaction, HTTP status, verdict, number of problems. Checking and decoding happen
beside the forwarding, never before it. The merchant's own credentials pass through, never stored or
shown; card numbers and secrets are masked in every line and file. Listens on 127.0.0.1 unless --host
says otherwise. Faults on demand test your server's retries: OPERATION:KIND[=VALUE][@COUNT|%SHARE],
comma-separated, where KIND is delay=MS (then forward), timeout (forward, never answer), reset (forward,
then reset the connection), 500/502/503 or busy (answer without forwarding), twice (forward twice);
@N applies to the next N matching calls, %P to P percent of them. What --record wrote, tap flow saves as a
flow, tap replay sends again and tap export exports (payment-workbench tap flow --help, …). The tap is also an HTTPS
proxy: \`tap -- COMMAND\` runs COMMAND with HTTPS_PROXY and the CA variables of Node, Python, curl, PHP, Java and
Go set, so a server hard-wired to the gateway's host is seen without a change to its code (its exit status is the
tap's); tap env prints the same variables for a terminal.`,
  flags: [
    { name: '--upstream', value: 'ENV', help: 'where calls go: an environment (id or name) of --environments, or "simulator" to start one here; intercepted gateway hosts map to it. Without it (only with -- COMMAND) each call goes to the host it was sent to' },
    { name: '--intercept', value: 'HOSTS', repeatable: true, help: 'more hosts to intercept (a white-label gateway\'s, the financing partner\'s), comma-separated; the public gateway hosts and the environments\' hosts always are' },
    ENVIRONMENTS_FLAG,
    { ...SECRET_HOSTS_FLAG, help: 'the only hosts the merchant\'s credentials may reach through the tap: the upstream\'s host (and a proxy that would read them in clear); any other is refused at start (exit status 4). PAYMENT_WORKBENCH_SECRET_HOSTS does the same' },
    { name: '--port', value: 'N', help: 'the port, 0 to 65535 (default 0: any free port)' },
    { name: '--host', value: 'HOST', help: 'the address to listen on (default 127.0.0.1; anything else is said at start)' },
    { name: '--json', help: 'one JSON object per call: seq, time, operation, version, orderId, transactionId, sessionId, status, verdict, problems, recognised, fault and the masked exchange' },
    { name: '--record', value: 'FILE', help: 'appends the --json line of each call to FILE (for tap flow, tap replay and tap export)' },
    { name: '--fault', value: 'RULES', help: 'fault rules, comma-separated: pay:delay=2000,authorize:timeout@1,*:503%20' },
    { name: '--faults', value: 'FILE', help: 'fault rules from a file: { "faults": [ { "operation": "pay", "kind": "delay", "delayMs": 2000, "count": 1 } ] }' },
    { name: '--max-calls', value: 'N', help: `how many calls the tap keeps (default ${1000})` },
    { name: '--yes-live', help: 'forwards to a LIVE environment' },
    { name: '--tls-port', value: 'N', help: 'the port of the TLS listener (https://127.0.0.1:N), 0 to 65535 (default 0: any free port)' },
    { name: '--no-tls', help: 'no TLS listener' },
    { name: '--cert-dir', value: 'DIR', help: "where the tap's local CA and certificate are kept (default: ~/.config/payment-workbench/tap, %APPDATA% on Windows)" },
  ],
};

export const COMMANDS: readonly CommandSpec[] = [RUN_COMMAND, SIMULATOR_COMMAND, LISTEN_COMMAND, IMPORT_COMMAND, EXPORT_COMMAND, TEST_CARDS_COMMAND, TAP_COMMAND, ...TAP_FILE_COMMANDS, TAP_ENV_COMMAND, TRIGGER_COMMAND, ...DELIVERIES_COMMANDS, RECONCILE_COMMAND];

/** The names' column of the general help: the longest name ("tap replay") and a space or two. */
const NAME_COLUMN = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;

const firstSentence = (spec: CommandSpec) => spec.summary.split(/(?<=\.)\s/)[0]?.replace(/\s+/g, ' ') ?? '';

export const USAGE = `usage:
${COMMANDS.map((c) => synopsis(c).replace(/^/gm, '  ')).join('\n')}
  payment-workbench --version

${COMMANDS.map((c) => `${c.name.padEnd(NAME_COLUMN)}${wrapText(firstSentence(c), 100 - NAME_COLUMN, ' '.repeat(NAME_COLUMN))}`).join('\n')}

payment-workbench <command> --help tells more of each command and its flags.

${SECRET_VARIABLE_HELP}`;

export function helpOf(command: string): string | undefined {
  const spec = COMMANDS.find((c) => c.name === command);
  return spec ? commandHelp(spec) : undefined;
}

/** The command's flags and operands; a mistake is a UsageError (exit status 2). */
export function parseCommand(spec: CommandSpec, argv: readonly string[]): CommandLine {
  try {
    return parseCommandLine(spec, argv, closestPath);
  } catch (err) {
    if (err instanceof CommandLineError) throw new UsageError(err.message);
    throw err;
  }
}
