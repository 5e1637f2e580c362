/**
 * The simulator as a stand-alone process (`npm run simulator`, `payment-workbench simulator`), with
 * the flags of SIMULATOR_COMMAND. Prints where both APIs live and the default
 * credentials (they are public test values), then one line per request until Ctrl+C.
 */
import { closestPath } from '../catalogue/closestPath';
import { CommandLineError, parseCommandLine, type CommandLine, type CommandSpec } from '../format/commandLine';
import { terminalText } from '../format/quote';
import { DEFAULT_MAX_ORDERS, SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, startSimulator } from './index';
import { isAddressInUse, PortInUseError } from './portInUse';

/** A flag the command does not know or a value out of range: the caller exits with its usage status. */
export class SimulatorUsageError extends Error {}

export const SIMULATOR_COMMAND: CommandSpec = {
  name: 'simulator',
  summary: 'Runs the local simulator of both APIs until Ctrl+C, printing one line per request.',
  flags: [
    { name: '--port', value: 'N', help: `the port, 0 to 65535 (default ${SIMULATOR_DEFAULTS.port}; 0: any free port)` },
    { name: '--host', value: 'H', help: 'the address to listen on (default 127.0.0.1)' },
    { name: '--token-lifetime', value: 'SECONDS', help: 'how long a financing access token lives (default 3600)' },
    { name: '--webhook-url', value: 'URL', help: 'the webhook URL of both merchants (as set in a real gateway\'s merchant administration): where notifications go when an order names none' },
    { name: '--webhook-host', value: 'H', repeatable: true, help: 'a host besides loopback that order.notificationUrl may reach (repeat for more); by default notifications go to loopback only' },
    { name: '--max-orders', value: 'N', help: `how many gateway orders are kept (default ${DEFAULT_MAX_ORDERS}); beyond it the oldest are forgotten` },
  ],
};

interface CliOptions {
  port: number;
  host: string;
  tokenLifetimeSeconds: number;
  maxOrders: number;
  webhookUrl?: string;
  webhookHosts: string[];
}

function parseArgs(argv: readonly string[]): CliOptions {
  let flags: CommandLine['flags'];
  let repeated: CommandLine['repeated'];
  try {
    ({ flags, repeated } = parseCommandLine(SIMULATOR_COMMAND, argv, closestPath));
  } catch (err) {
    throw err instanceof CommandLineError ? new SimulatorUsageError(err.message) : err;
  }
  const integer = (flag: string, fallback: number, min: number, max: number): number => {
    const value = flags.get(flag);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (typeof value !== 'string' || !Number.isInteger(n) || n < min || n > max) throw new SimulatorUsageError(`simulator: ${flag} needs an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
    return n;
  };
  const host = flags.get('--host');
  return {
    port: integer('--port', SIMULATOR_DEFAULTS.port, 0, 65535),
    host: typeof host === 'string' ? host : '127.0.0.1',
    tokenLifetimeSeconds: integer('--token-lifetime', 3600, 1, 365 * 24 * 3600),
    maxOrders: integer('--max-orders', DEFAULT_MAX_ORDERS, 1, 10_000_000),
    ...webhookUrlOf(flags.get('--webhook-url')),
    webhookHosts: [...(repeated.get('--webhook-host') ?? [])],
  };
}

function webhookUrlOf(value: string | true | undefined): { webhookUrl?: string } {
  if (typeof value !== 'string') return {};
  if (!/^https?:\/\/[^\s]+$/.test(value)) throw new SimulatorUsageError(`simulator: --webhook-url needs an http:// or https:// URL, got ${JSON.stringify(value.slice(0, 200))}`);
  return { webhookUrl: value };
}

/** The simulator's lines, as every CLI line is written (cli/main.ts): a request's URL cannot drive the terminal. */
const print = (text: string): void => console.log(terminalText(text));

export async function runSimulatorCommand(argv: readonly string[]): Promise<void> {
  const options = parseArgs(argv);
  const { webhookUrl, ...rest } = options;
  const merchants = webhookUrl ? [SIMULATOR_DEFAULTS.merchantId, SIMULATOR_AUTH_ONLY_MERCHANT_ID].map((merchantId) => ({ merchantId, apiPassword: SIMULATOR_DEFAULTS.apiPassword, autoCapture: merchantId === SIMULATOR_DEFAULTS.merchantId, webhookUrl })) : undefined;
  const sim = await startSimulator({ ...rest, ...(merchants ? { merchants } : {}), runBy: 'terminal' }).catch((err: unknown) => {
    throw isAddressInUse(err) ? new PortInUseError(options.port, options.host, 'pick another port with --port N (--port 0 takes any free port)') : err;
  });
  const lines = [
    `Payment Workbench simulator listening on ${sim.baseUrl}`,
    `  financing API  ${sim.baseUrl}/api/online/{login,refreshToken,logout,offers}`,
    `  card gateway   ${sim.baseUrl}/api/rest/version/{version}/merchant/{merchantId}/…`,
    `  request log    ${sim.controlUrl}/requests    faults ${sim.controlUrl}/faults`,
    `  deliveries     ${sim.controlUrl}/deliveries  (payment-workbench deliveries list)${webhookUrl ? `; webhooks to ${webhookUrl}` : ''}`,
    '',
    'Default credentials (test values):',
    `  financing partner  ${SIMULATOR_DEFAULTS.partnerEmail} / ${SIMULATOR_DEFAULTS.partnerPassword}`,
    `  gateway merchant   ${SIMULATOR_DEFAULTS.merchantId} (auto-capture), ${SIMULATOR_AUTH_ONLY_MERCHANT_ID} (authorize only)`,
    `                     user merchant.<merchantId>, API password ${SIMULATOR_DEFAULTS.apiPassword}`,
    `  access tokens expire after ${options.tokenLifetimeSeconds} s; the newest ${options.maxOrders} orders are kept`,
    '',
    'Ctrl+C to stop.',
  ];
  print(lines.join('\n'));
  sim.requestLog.on('entry', (e) => print(`${e.time} ${e.kind.padEnd(8)} ${e.method} ${e.url} → ${e.status} (${e.durationMs} ms)${e.fault ? ` fault ${e.fault}` : ''}`));
  const stop = (): void => {
    sim.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
