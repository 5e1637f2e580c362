/** The flags of `trigger`, `deliveries list|show|resend` and `reconcile`, declared once: the parser, their --help and the general help read them. */
import type { CommandSpec, FlagSpec } from '../format/commandLine';
import { SIMULATOR_DEFAULTS } from '../simulator/defaults';
import { ENVIRONMENTS_FLAG, SECRET_HOSTS_FLAG } from './secretFlags';

const SIMULATOR_FLAGS: readonly FlagSpec[] = [
  { name: '--port', value: 'N', help: `the running simulator's port (default ${SIMULATOR_DEFAULTS.port}); start it with payment-workbench simulator, npm run simulator, or in VS Code` },
];

export const TRIGGER_COMMAND: CommandSpec = {
  name: 'trigger',
  operands: '<scenario>',
  summary: `Runs a scenario on the simulator so that it sends your webhook handler the notifications a real
payment makes, as the gateway sends them (X-Notification-Secret, X-Notification-Id, X-Notification-Attempt,
retries until a 2xx). Prints the operations it made and the notification ids they produced, then each
delivery's outcome as it happens. Scenarios: the bundled ones (payment-workbench trigger --list) and
*.payflow.json files in payment-scenarios/ (or --scenarios DIR); a path to a flow file works too. Exit
status 0 when the scenario passed and every notification was taken (or dropped on purpose), 1 otherwise.`,
  flags: [
    { name: '--order', value: 'ID', help: 'runs a follow-up scenario on this existing order (refund this order): its steps that make an order are skipped' },
    { name: '--set', value: 'NAME=VALUE', repeatable: true, help: 'gives a scenario input, e.g. --set order.amount=12.50 (repeat for more; --list shows each scenario\'s inputs)' },
    { name: '--to', value: 'URL', help: 'where this trigger\'s webhooks go; default: the environment\'s webhookUrl, else the URL set for the merchant on the simulator' },
    { name: '--fault', value: 'LIST', help: 'delivery faults for this trigger: duplicate, out-of-order, delay=SECONDS, drop, each optionally @N (the next N notifications); comma-separated' },
    { name: '--env', value: 'NAME', help: 'the simulator environment (default: the scenario\'s, else local-simulator)' },
    ENVIRONMENTS_FLAG,
    SECRET_HOSTS_FLAG,
    ...SIMULATOR_FLAGS,
    { name: '--wait', value: 'SECONDS', help: 'how long to watch the deliveries settle (default 30)' },
    { name: '--scenarios', value: 'DIR', help: 'your scenarios folder (default payment-scenarios)' },
    { name: '--list', help: 'lists the scenarios and their inputs, and runs nothing' },
    { name: '--json', help: 'prints one JSON object at the end: trigger, steps, notifications with their attempts' },
  ],
};

export const DELIVERIES_LIST_COMMAND: CommandSpec = {
  name: 'deliveries list',
  summary: 'Lists the notifications the simulator made, oldest first, each with its state and attempts.',
  flags: [
    { name: '--order', value: 'ID', help: 'only those about this order' },
    { name: '--trigger', value: 'ID', help: 'only those a trigger made' },
    { name: '--limit', value: 'N', help: 'only the newest N (default 50)' },
    ...SIMULATOR_FLAGS,
    { name: '--json', help: 'the notifications as one JSON array' },
  ],
};

export const DELIVERIES_SHOW_COMMAND: CommandSpec = {
  name: 'deliveries show',
  operands: '<id>',
  summary: 'Shows one notification: where it went, its headers (the secret masked), its body, and every attempt with the endpoint\'s answer (as text).',
  flags: [...SIMULATOR_FLAGS, { name: '--json', help: 'the notification as JSON' }],
};

export const DELIVERIES_RESEND_COMMAND: CommandSpec = {
  name: 'deliveries resend',
  operands: '<id>',
  summary: `Sends a notification again: with the same X-Notification-Id and the next attempt number (one attempt),
or with --new as a new notification (new id, attempt 1, retried on the schedule). Works for a dropped one too.`,
  flags: [
    { name: '--new', help: 'as a new notification' },
    { name: '--to', value: 'URL', help: 'to this URL instead of the one it went to' },
    ...SIMULATOR_FLAGS,
    { name: '--wait', value: 'SECONDS', help: 'how long to wait for the final outcome, retries included (default 10; 30 with --new)' },
  ],
};

export const DELIVERIES_COMMANDS: readonly CommandSpec[] = [DELIVERIES_LIST_COMMAND, DELIVERIES_SHOW_COMMAND, DELIVERIES_RESEND_COMMAND];

export function deliveriesCommandOf(args: readonly string[]): CommandSpec | undefined {
  return DELIVERIES_COMMANDS.find((c) => c.name === `deliveries ${args[0] ?? ''}`);
}

export const RECONCILE_COMMAND: CommandSpec = {
  name: 'reconcile',
  summary: `Compares what your endpoint acknowledged (2xx) about an order with Retrieve Order, and says what a
merchant system that trusted webhooks alone would have missed (a dropped or never-taken notification) or
got wrong (an outcome or status left behind by out-of-order delivery; one transaction delivered under two
notification ids, which a handler deduplicating by X-Notification-Id counts twice). The same id taken again
counts once, as a handler that ignores a repeated id does. Exit status 0 when they agree, 1 when they differ.`,
  flags: [
    { name: '--order', value: 'ID', help: 'the order (required)' },
    { name: '--env', value: 'NAME', help: 'the simulator environment of the order\'s merchant (default local-simulator)' },
    ENVIRONMENTS_FLAG,
    SECRET_HOSTS_FLAG,
    ...SIMULATOR_FLAGS,
    { name: '--json', help: 'the findings as JSON' },
  ],
};
