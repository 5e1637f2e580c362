/**
 * The simulator as a stand-alone process (`npm run simulator`, `payment-workbench simulator`), with
 * --port N --host H --token-lifetime S --max-orders N. Prints where both APIs live and the default
 * credentials (they are public test values), then one line per request until Ctrl+C.
 */
import { DEFAULT_MAX_ORDERS, SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, startSimulator } from './index';
import { isAddressInUse, PortInUseError } from './portInUse';

/** A flag the command does not know or a value out of range: the caller exits with its usage status. */
export class SimulatorUsageError extends Error {}

interface CliOptions {
  port: number;
  host: string;
  tokenLifetimeSeconds: number;
  maxOrders: number;
}

function parseArgs(argv: readonly string[]): CliOptions {
  const out: CliOptions = { port: SIMULATOR_DEFAULTS.port, host: '127.0.0.1', tokenLifetimeSeconds: 3600, maxOrders: DEFAULT_MAX_ORDERS };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const integer = (min: number, max: number): number => {
      const n = Number(value);
      if (value === undefined || !Number.isInteger(n) || n < min || n > max) throw new SimulatorUsageError(`${flag} needs an integer from ${min} to ${max}`);
      i++;
      return n;
    };
    switch (flag) {
      case '--port': out.port = integer(0, 65535); break;
      case '--token-lifetime': out.tokenLifetimeSeconds = integer(1, 365 * 24 * 3600); break;
      case '--max-orders': out.maxOrders = integer(1, 10_000_000); break;
      case '--host':
        if (!value) throw new SimulatorUsageError('--host needs a value');
        out.host = value;
        i++;
        break;
      case '--help':
      case '-h':
        console.log(`usage: simulator [--port N (default 4477, 0 = any)] [--host H (default 127.0.0.1)] [--token-lifetime SECONDS (default 3600)] [--max-orders N (default ${DEFAULT_MAX_ORDERS}; the oldest are forgotten beyond it)]`);
        process.exit(0);
        break;
      default:
        throw new SimulatorUsageError(`unknown flag ${flag ?? ''} (try --help)`);
    }
  }
  return out;
}

export async function runSimulatorCommand(argv: readonly string[]): Promise<void> {
  const options = parseArgs(argv);
  const sim = await startSimulator({ ...options, runBy: 'terminal' }).catch((err: unknown) => {
    throw isAddressInUse(err) ? new PortInUseError(options.port, options.host, 'pick another port with --port N (--port 0 takes any free port)') : err;
  });
  const lines = [
    `Payment Workbench simulator listening on ${sim.baseUrl}`,
    `  financing API  ${sim.baseUrl}/api/online/{login,refreshToken,logout,offers}`,
    `  card gateway   ${sim.baseUrl}/api/rest/version/{version}/merchant/{merchantId}/…`,
    `  request log    ${sim.controlUrl}/requests    faults ${sim.controlUrl}/faults`,
    '',
    'Default credentials (test values):',
    `  financing partner  ${SIMULATOR_DEFAULTS.partnerEmail} / ${SIMULATOR_DEFAULTS.partnerPassword}`,
    `  gateway merchant   ${SIMULATOR_DEFAULTS.merchantId} (auto-capture), ${SIMULATOR_AUTH_ONLY_MERCHANT_ID} (authorize only)`,
    `                     user merchant.<merchantId>, API password ${SIMULATOR_DEFAULTS.apiPassword}`,
    `  access tokens expire after ${options.tokenLifetimeSeconds} s; the newest ${options.maxOrders} orders are kept`,
    '',
    'Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));
  sim.requestLog.on('entry', (e) => console.log(`${e.time} ${e.kind.padEnd(8)} ${e.method} ${e.url} → ${e.status} (${e.durationMs} ms)${e.fault ? ` fault ${e.fault}` : ''}`));
  const stop = (): void => {
    sim.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
