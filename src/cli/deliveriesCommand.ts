/** `payment-workbench deliveries list|show|resend`: the simulator's delivery log, from the terminal. */
import { attemptLine, DEFAULT_TRIGGER_WAIT_MS, DeliveriesClient, describeNotification, isSettled, notificationDetail, settledLine, shortId, SimulatorControlError, watchOutcomes, type NotificationRecord } from '../deliveries';
import { escapeControls, quote } from '../format/quote';
import { DELIVERIES_LIST_COMMAND, DELIVERIES_RESEND_COMMAND, DELIVERIES_SHOW_COMMAND, deliveriesCommandOf } from './deliverySpecs';
import type { CliIo } from './runCommand';
import { portFlag } from './simulatorRun';
import { parseCommand, UsageError } from './usage';

const DEFAULT_LIST = 50;
const DEFAULT_RESEND_WAIT_MS = 10_000;

/** `args` begins with the subcommand: list, show or resend. */
export async function deliveriesCommand(args: readonly string[], io: CliIo): Promise<number> {
  const spec = deliveriesCommandOf(args);
  if (!spec) throw new UsageError(`deliveries: no subcommand ${JSON.stringify(String(args[0] ?? '').slice(0, 40))}; the subcommands are list, show and resend`);
  const { flags, operands } = parseCommand(spec, args.slice(1));
  const text = (name: string) => {
    const v = flags.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const client = new DeliveriesClient(`http://127.0.0.1:${portFlag(flags.get('--port'))}`);
  try {
    if (spec === DELIVERIES_LIST_COMMAND) return await list(client, { orderId: text('--order'), trigger: text('--trigger'), limit: text('--limit'), json: flags.has('--json') }, io);
    if (operands.length !== 1) throw new UsageError(`${spec.name}: name one notification id (deliveries list shows them; the first 8 characters are enough)`);
    const notification = await find(client, operands[0] as string, spec.name);
    if (spec === DELIVERIES_SHOW_COMMAND) {
      io.out(flags.has('--json') ? JSON.stringify(notification, null, 2) : notificationDetail(notification));
      return 0;
    }
    if (spec === DELIVERIES_RESEND_COMMAND) return await resend(client, notification, { asNew: flags.has('--new'), to: text('--to'), wait: text('--wait') }, io);
  } catch (err) {
    if (err instanceof SimulatorControlError) {
      io.err(`payment-workbench: ${err.message}`);
      return 1;
    }
    throw err;
  }
  return 2;
}

async function list(client: DeliveriesClient, given: { orderId: string | undefined; trigger: string | undefined; limit: string | undefined; json: boolean }, io: CliIo): Promise<number> {
  const limit = given.limit === undefined ? DEFAULT_LIST : Number(given.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError(`deliveries list: --limit needs a whole number from 1 to 10000, got ${JSON.stringify(given.limit)}`);
  const page = await client.list({ ...(given.orderId !== undefined ? { orderId: given.orderId } : {}), ...(given.trigger !== undefined ? { trigger: given.trigger } : {}), limit });
  if (given.json) io.out(JSON.stringify(page.notifications, null, 2));
  else if (page.notifications.length === 0) io.out('No notifications yet (the simulator sends one where a webhook URL is set: order.notificationUrl, the merchant\'s, or trigger --to).');
  else for (const n of page.notifications) io.out(describeNotification(n));
  return 0;
}

/** A notification id (X-Notification-Id, a UUID) or the start of one: hex digits and dashes, at most 36. */
const NOTIFICATION_ID_START = /^[0-9A-Fa-f-]{1,36}$/;

/** A notification by its id or the start of it (as lists show it); an ambiguous start is told, and anything that cannot start an id. */
async function find(client: DeliveriesClient, given: string, command: string): Promise<NotificationRecord> {
  if (!NOTIFICATION_ID_START.test(given)) throw new UsageError(`${command}: ${quote(given, { max: 40 })} is not a notification id (36 hex digits and dashes, as deliveries list shows them; the first 8 are enough)`);
  if (given.length === 36) return client.get(given);
  const matches = (await client.list()).notifications.filter((n) => n.id.startsWith(given));
  if (matches.length === 1) return matches[0] as NotificationRecord;
  throw new UsageError(matches.length === 0 ? `no notification ${JSON.stringify(escapeControls(given.slice(0, 40)))} in the simulator's delivery log` : `${JSON.stringify(given)} starts ${matches.length} notification ids: give more of it`);
}

async function resend(client: DeliveriesClient, n: NotificationRecord, how: { asNew: boolean; to: string | undefined; wait: string | undefined }, io: CliIo): Promise<number> {
  const wait = how.wait === undefined ? defaultWaitSeconds(how.asNew) : Number(how.wait);
  if (!Number.isInteger(wait) || wait < 0 || wait > 600) throw new UsageError(`deliveries resend: --wait needs whole seconds from 0 to 600, got ${JSON.stringify(how.wait)}`);
  const sent = await client.resend(n.id, { asNew: how.asNew, ...(how.to !== undefined ? { to: how.to } : {}) });
  io.out(how.asNew ? `Resent as new notification ${sent.id} (from ${n.id})` : `Resending notification ${n.id} as attempt ${nextAttempt(n)}`);
  // A resend as new starts at attempt 1; the same id keeps its attempts, and only those after are this resend's.
  const before = how.asNew ? 0 : n.attempts.length;
  const thisOne = (all: readonly NotificationRecord[]) => all.find((x) => x.id === sent.id);
  const { notifications } = await watchOutcomes(client, { orderId: sent.orderId ?? '' }, wait * 1000, {
    told: new Map([[sent.id, before]]),
    ready: (all) => {
      const now = thisOne(all);
      return now !== undefined && now.attempts.length > before && isSettled(now);
    },
    onAttempt: (x, a) => {
      if (x.id === sent.id) io.out(attemptLine(x, a));
    },
    onSettled: (x) => {
      if (x.id === sent.id) io.out(settledLine(x));
    },
  });
  const now = thisOne(notifications);
  if (!now || !isSettled(now)) io.out(`  no final outcome within ${wait} s (deliveries show ${shortId(sent.id)} tells it later)`);
  return now?.attempts.slice(before).some((a) => a.status >= 200 && a.status < 300 && a.error === undefined) ? 0 : 1;
}

/** The same id is sent once; a new one is retried on the simulator's schedule, which a trigger's wait covers. */
const defaultWaitSeconds = (asNew: boolean): number => (asNew ? DEFAULT_TRIGGER_WAIT_MS : DEFAULT_RESEND_WAIT_MS) / 1000;

const nextAttempt = (n: NotificationRecord): number => n.attempts.reduce((m, a) => Math.max(m, a.n), 0) + 1;
