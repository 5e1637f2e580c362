import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { dirsAt, startCodeServer } from '../test/harness/codeServer';
import { repoRoot, vsixPath } from '../test/harness/paths';
import { startSimulator, SIMULATOR_DEFAULTS } from '../src/simulator';
import { isAddressInUse, PortInUseError } from '../src/simulator/portInUse';

/**
 * `npm run workbench [-- --port N --simulator-port N]`: the local simulator plus a real VS Code
 * (code-server) with the packaged extension installed, opened on examples/. Open the printed address
 * in a browser. The ports also come from PAYMENT_WORKBENCH_PORT and PAYMENT_WORKBENCH_SIMULATOR_PORT;
 * 0 takes any free port (the one taken is printed).
 *
 * VS Code's profile (settings, environments, History, Orders, the Tap's CA, extensions) lives in
 * `.workbench/` of this clone and is kept from one start to the next: it is a place to work, not a test
 * run. Each start installs the freshly built extension into it. Delete the folder to start afresh;
 * PAYMENT_WORKBENCH_PROFILE=DIR keeps it in DIR instead.
 */
const HOST = '127.0.0.1';
/** One profile per clone, beside its code (git ignores it); PAYMENT_WORKBENCH_PROFILE=DIR puts it elsewhere. */
const WORKBENCH_PROFILE = process.env['PAYMENT_WORKBENCH_PROFILE'] || path.join(repoRoot, '.workbench');
const USAGE = 'usage: npm run workbench -- [--port N (VS Code, default 8080; or PAYMENT_WORKBENCH_PORT)] [--simulator-port N (default 4477; or PAYMENT_WORKBENCH_SIMULATOR_PORT)] [--restricted (Workspace Trust on, examples/ not trusted: Restricted Mode)]; 0 takes any free port';

class WorkbenchUsageError extends Error {}

interface WorkbenchPorts {
  vscode: number;
  simulator: number;
  /** Workspace Trust on and the folder untrusted: the window opens in Restricted Mode. */
  restricted: boolean;
}

function portValue(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new WorkbenchUsageError(`${name} needs an integer from 0 to 65535, got "${value}"`);
  return n;
}

function readPorts(argv: string[], env: NodeJS.ProcessEnv): WorkbenchPorts {
  let values: { port?: string; 'simulator-port'?: string; restricted?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { port: { type: 'string' }, 'simulator-port': { type: 'string' }, restricted: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (err) {
    throw new WorkbenchUsageError(`${(err as Error).message} (${USAGE})`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    vscode: values.port !== undefined ? portValue(values.port, 8080, '--port') : portValue(env['PAYMENT_WORKBENCH_PORT'], 8080, 'PAYMENT_WORKBENCH_PORT'),
    simulator: values['simulator-port'] !== undefined
      ? portValue(values['simulator-port'], SIMULATOR_DEFAULTS.port, '--simulator-port')
      : portValue(env['PAYMENT_WORKBENCH_SIMULATOR_PORT'], SIMULATOR_DEFAULTS.port, 'PAYMENT_WORKBENCH_SIMULATOR_PORT'),
    restricted: values.restricted === true,
  };
}

const PICK_VSCODE_PORT = 'pick another with PAYMENT_WORKBENCH_PORT=N npm run workbench (or npm run workbench -- --port N; 0 takes any free port)';
const PICK_SIMULATOR_PORT = 'pick another with PAYMENT_WORKBENCH_SIMULATOR_PORT=N npm run workbench (or npm run workbench -- --simulator-port N; 0 takes any free port)';

/**
 * Binds the port for a moment so a busy one is told before code-server starts: code-server's own
 * readiness check would otherwise connect to whatever holds the port and report success. Port 0
 * resolves to the free port the system gave.
 */
function claimPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => reject(isAddressInUse(err) ? new PortInUseError(port, HOST, PICK_VSCODE_PORT) : err));
    probe.listen(port, HOST, () => {
      const taken = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(taken));
    });
  });
}

async function main(): Promise<void> {
  const ports = readPorts(process.argv.slice(2), process.env);
  const vscodePort = await claimPort(ports.vscode);
  const simulator = await startSimulator({ port: ports.simulator, host: HOST }).catch((err: unknown) => {
    throw isAddressInUse(err) ? new PortInUseError(ports.simulator, HOST, PICK_SIMULATOR_PORT) : err;
  });
  const folder = path.join(repoRoot, 'examples');
  fs.mkdirSync(folder, { recursive: true });
  // The extension inside looks for the simulator on its configured port (it reuses one already there).
  const dirs = dirsAt(WORKBENCH_PROFILE);
  // A new profile is a first install: the extension opens its walkthrough once (the tests' profiles keep it closed).
  const firstStart = !fs.existsSync(path.join(dirs.userData, 'User', 'settings.json'));
  const settings = {
    'paymentWorkbench.simulator.port': simulator.port,
    ...(ports.restricted ? {} : { 'security.workspace.trust.enabled': false }),
    ...(firstStart ? { 'workbench.welcomePage.walkthroughs.openOnInstall': true, 'paymentWorkbench.walkthrough.openOnFirstStart': true } : {}),
  };
  const server = await startCodeServer({ folder, install: [vsixPath], port: vscodePort, settings, keepUserSettings: true, untrusted: ports.restricted }, dirs).catch(async (err: unknown) => {
    await simulator.close();
    throw err;
  });
  console.log(`\nLocal simulator:   ${simulator.baseUrl}  (partner ${SIMULATOR_DEFAULTS.partnerEmail} / ${SIMULATOR_DEFAULTS.partnerPassword}, merchant ${SIMULATOR_DEFAULTS.merchantId})`);
  console.log(`Payment Workbench: ${server.url}/?folder=${encodeURIComponent(folder)}\n`);
  console.log(`VS Code profile:   ${dirs.root}  (kept between starts; delete it to start afresh)`);
  console.log('Open the address above in a browser. Ctrl+C stops both.');
  const stop = async () => {
    await server.stop();
    await simulator.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(`workbench: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(err instanceof WorkbenchUsageError ? 2 : 1);
});
