/**
 * `payment-workbench listen`: the local inbox in a terminal. One line per notification on stdout (a
 * JSON object per line with --json), everything else on stderr; runs until Ctrl+C (or SIGTERM), then
 * exits 0. A retry prints again only when it changes what is known (refused before, now verified):
 * the inbox tells, so this command remembers nothing of its own and stays as bounded as the inbox.
 */
import { describeNotification, startReceiver, type NotificationEvent } from '../notifications';
import type { CliIo } from './runCommand';
import { LISTEN_COMMAND, LISTEN_SECRET_VARIABLE, parseCommand, UsageError } from './usage';

interface ListenArgs {
  port: number;
  json: boolean;
  secret: string | undefined;
}

function parseListenArgs(args: readonly string[], env: NodeJS.ProcessEnv): ListenArgs {
  const { flags, operands } = parseCommand(LISTEN_COMMAND, args);
  if (operands.length) throw new UsageError(`listen: takes no files or names, got ${JSON.stringify(operands[0])}`);
  const value = flags.get('--port');
  const port = Number(value ?? 0);
  if (value !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError(`listen: --port needs a port number 0 to 65535, got ${JSON.stringify(value)}`);
  const secret = flags.get('--secret');
  if (secret === '') throw new UsageError(`listen: --secret needs a value (or set ${LISTEN_SECRET_VARIABLE})`);
  return { port, json: flags.has('--json'), secret: typeof secret === 'string' ? secret : env[LISTEN_SECRET_VARIABLE] || undefined };
}

/** The line `--json` prints: what a script needs to decide, the body already redacted. */
export function notificationJson(e: NotificationEvent): string {
  return JSON.stringify({
    source: e.source,
    orderId: e.orderId ?? null,
    verified: e.verified,
    receivedAt: e.receivedAt,
    id: e.id,
    attempts: e.attempts,
    ...(e.transactionId !== undefined ? { transactionId: e.transactionId } : {}),
    summary: e.summary,
    body: e.body,
  });
}

export async function listenCommand(args: readonly string[], io: CliIo, signals: NodeJS.EventEmitter = process): Promise<number> {
  const options = parseListenArgs(args, io.env);
  const secret = options.secret;
  const inbox = await startReceiver({ port: options.port, secret: () => secret });
  inbox.onEvent((e, duplicate) => {
    if (duplicate) return;
    io.out(options.json ? notificationJson(e) : `${e.receivedAt} ${describeNotification(e)}`);
  });
  io.err(`Listening at ${inbox.url}: gateway webhooks to ${inbox.urlFor('gateway')}, financing callbacks to ${inbox.urlFor('financing')}${secret ? ' (checking X-Notification-Secret)' : ''}. Ctrl+C stops.`);
  await new Promise<void>((resolve) => {
    signals.once('SIGINT', resolve);
    signals.once('SIGTERM', resolve);
  });
  await inbox.close();
  return 0;
}
