/**
 * `payment-workbench listen`: the local inbox in a terminal. One line per notification on stdout (a
 * JSON object per line with --json), everything else on stderr; runs until Ctrl+C (or SIGTERM), then
 * exits 0. A retry prints again only when it changes what is known (refused before, now verified):
 * the inbox tells, so this command remembers nothing of its own and stays as bounded as the inbox.
 */
import { describeNotification, startReceiver, type NotificationEvent } from '../notifications';
import type { CliIo } from './runCommand';
import { UsageError } from './usage';

const SECRET_VARIABLE = 'PAYMENT_WORKBENCH_NOTIFICATION_SECRET';

interface ListenArgs {
  port: number;
  json: boolean;
  secret: string | undefined;
}

function parseListenArgs(args: readonly string[], env: NodeJS.ProcessEnv): ListenArgs {
  const parsed: ListenArgs = { port: 0, json: false, secret: env[SECRET_VARIABLE] || undefined };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--json') parsed.json = true;
    else if (arg === '--port') {
      const value = args[++i];
      const port = Number(value);
      if (value === undefined || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`listen: --port needs a port number 0 to 65535, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`);
      parsed.port = port;
    } else if (arg === '--secret') {
      const value = args[++i];
      if (value === undefined || value === '') throw new UsageError(`listen: --secret needs a value (or set ${SECRET_VARIABLE})`);
      parsed.secret = value;
    } else throw new UsageError(`listen: unknown argument ${JSON.stringify(arg)}`);
  }
  return parsed;
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
