/**
 * `payment-workbench tap`: the Gateway Tap in a terminal. The developer's own server calls the tap
 * instead of the gateway; each call is forwarded unchanged to the upstream environment (or an
 * embedded simulator) and printed as one line (a JSON object per line with --json), checked and
 * decoded. Runs until Ctrl+C (or SIGTERM), then exits 0.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isLive, type Environment } from '../environments/environment';
import { parseJsonBounded } from '../json/depth';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../simulator';
import { DEFAULT_MAX_CALLS, describeFaultRule, describeTapCall, faultPlanFromJson, FaultRuleError, isLoopbackHost, parseFaultRule, startTap, tapCallJson, type FaultRule, type TapHandle } from '../tap';
import { tapCertificate, TapCertificateFolderError, type TapCertificate } from '../tap/certificate';
import type { TransportOptions } from '../http/types';
import { cliConnections, hostProxyOf } from './connections';
import { readFileBounded, UnreadableFile } from '../files/boundedFile';
import { secretRoute } from '../credentials/secretOrigin';
import { requireAllowedRoute, secretHostPins, type SecretHostPins } from './secretHosts';
import { loadEnvironments, pickEnvironment } from './environments';
import { environmentVariableCredentials } from './envSecrets';
import type { CliIo } from './runCommand';
import { parseCommand, TAP_COMMAND, UsageError } from './usage';
import { prepareProxyRun, proxyNoticeLine, runThroughTap, type ProxyRun } from './tapIntercept';
import { interceptRoutes, liveRefusal } from '../tap/interceptRoutes';

const MAX_FAULT_FILE_BYTES = 1_000_000;

interface TapArgs {
  /** undefined: intercepted calls go to the host asked; the reverse listener to the public TEST gateway. */
  upstream: string | undefined;
  /** After `--`: the program to run through the tap. */
  command: string[] | undefined;
  /** --intercept: more hosts to decrypt and check, such as a white-label gateway's. */
  intercept: string[];
  environments?: string;
  port: number;
  host: string;
  json: boolean;
  record?: string;
  faults: FaultRule[];
  maxCalls: number;
  yesLive: boolean;
  /** undefined: no TLS listener (--no-tls). */
  tlsPort: number | undefined;
  certDir: string;
  pins: SecretHostPins;
}

/** Where the CLI keeps the tap's certificate: the user's configuration folder, as VS Code keeps it in its global storage. */
export function defaultCertDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME ?? env.USERPROFILE ?? os.homedir();
  const config = platform === 'win32' ? env.APPDATA ?? path.join(home, 'AppData', 'Roaming') : env.XDG_CONFIG_HOME || path.join(home, '.config');
  return path.join(config, 'payment-workbench', 'tap');
}

function portOf(value: string | true | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`tap: ${flag} needs a port number 0 to 65535, got ${JSON.stringify(value)}`);
  return port;
}

function faultsOf(inline: string | undefined, file: string | undefined, cwd: string): FaultRule[] {
  try {
    const fromFile = file ? faultPlanFromJson(readJsonFile(path.resolve(cwd, file)), file) : [];
    const fromFlag = inline ? inline.split(',').map((rule) => parseFaultRule(rule)) : [];
    return [...fromFlag, ...fromFile];
  } catch (err) {
    if (err instanceof FaultRuleError) throw new UsageError(`tap: ${err.message}`);
    throw err;
  }
}

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileBounded(file, MAX_FAULT_FILE_BYTES, { regularOnly: true });
  } catch (err) {
    if (err instanceof UnreadableFile) throw new UsageError(`tap: ${file} ${err.message}; not a fault file`);
    throw err;
  }
  try {
    return parseJsonBounded(text, { where: file });
  } catch (err) {
    throw new UsageError(`tap: ${file}: not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function parseTapArgs(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): TapArgs {
  const dashes = argv.indexOf('--');
  const args = dashes < 0 ? argv : argv.slice(0, dashes);
  const command = dashes < 0 ? undefined : argv.slice(dashes + 1);
  if (command && command.length === 0) throw new UsageError('tap: -- must be followed by the command to run through the tap, such as: tap --upstream simulator -- php -S 127.0.0.1:8000');
  const { flags, operands, repeated } = parseCommand(TAP_COMMAND, args);
  if (operands.length) throw new UsageError(`tap: takes no files or names, got ${JSON.stringify(operands[0])} (a command to run through the tap goes after --)`);
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const upstream = text('--upstream');
  if (!upstream && !command) throw new UsageError('tap: --upstream names where calls go: an environment (id or name) or "simulator" (without it, only a command run through the tap after -- reaches the hosts it asks for)');
  const intercept = (repeated.get('--intercept') ?? []).flatMap((v) => v.split(',')).map((h) => h.trim()).filter(Boolean);
  for (const host of intercept) if (!/^[a-z0-9.-]{1,253}$/i.test(host)) throw new UsageError(`tap: --intercept needs host names (test-gateway.example.com), got ${JSON.stringify(host)}`);
  const maxCallsText = text('--max-calls');
  const maxCalls = maxCallsText === undefined ? DEFAULT_MAX_CALLS : Number(maxCallsText);
  if (!Number.isInteger(maxCalls) || maxCalls < 1 || maxCalls > 100_000) throw new UsageError(`tap: --max-calls needs a whole number from 1 to 100000, got ${JSON.stringify(maxCallsText)}`);
  const environments = text('--environments');
  const record = text('--record');
  const certDir = text('--cert-dir');
  return {
    tlsPort: flags.has('--no-tls') ? undefined : portOf(flags.get('--tls-port'), '--tls-port') ?? 0,
    certDir: certDir !== undefined ? path.resolve(cwd, certDir) : defaultCertDir(env),
    upstream,
    command,
    intercept,
    port: portOf(flags.get('--port'), '--port') ?? 0,
    host: text('--host') ?? '127.0.0.1',
    json: flags.has('--json'),
    faults: faultsOf(text('--fault'), text('--faults'), cwd),
    maxCalls,
    yesLive: flags.has('--yes-live'),
    pins: secretHostPins(text('--secret-hosts'), env),
    ...(environments !== undefined ? { environments } : {}),
    ...(record !== undefined ? { record: path.resolve(cwd, record) } : {}),
  };
}

/** Without --upstream: calls go where the program sent them; the reverse listener to the public TEST gateway. */
const ASKED: Environment = { id: 'asked', name: 'the hosts your program asks for', gatewayUrl: 'https://test-gateway.mastercard.com', gatewayAuth: 'basic', timeoutMs: 30_000 } as Environment;

function certificateIn(dir: string): TapCertificate {
  try {
    return tapCertificate(dir);
  } catch (err) {
    if (err instanceof TapCertificateFolderError) throw new UsageError(`tap: ${err.message} A --cert-dir that does not exist yet is made for you, private.`);
    throw err;
  }
}

/**
 * The environment the tap forwards to and how: a simulator started here (on loopback, directly), or one
 * of the environments file, reached as `run` reaches it (its CA, client certificate and proxy, else HTTPS_PROXY).
 */
async function upstreamOf(options: TapArgs, io: CliIo): Promise<{ env: Environment; transport: TransportOptions; simulator?: SimulatorHandle; asked?: true }> {
  if (options.upstream === 'simulator') {
    const simulator = await startSimulator({ port: 0, runBy: 'terminal' });
    const env = pickEnvironment(loadEnvironments(undefined, io.cwd, simulator.port), undefined, 'tap');
    return { env, transport: {}, simulator };
  }
  if (options.upstream === undefined) return { env: ASKED, transport: {}, asked: true };
  const env = pickEnvironment(loadEnvironments(options.environments, io.cwd, SIMULATOR_DEFAULTS.port), options.upstream, 'tap --upstream');
  if (!env.gatewayUrl) throw new UsageError(`tap: environment "${env.id}" has no gatewayUrl to forward to`);
  const hostProxy = hostProxyOf(io.env);
  // The merchant's server sends its own credentials through the tap: pinned hosts hold for them too.
  const route = secretRoute(env, 'gatewayApiPassword', hostProxy);
  if (route) requireAllowedRoute(route, options.pins, env.id, 'merchant\'s credentials your server sends through the tap');
  // The merchant's own server decides what it sends: a LIVE upstream is a deliberate choice, every time.
  if (isLive(env) && !options.yesLive) throw new UsageError(`tap: "${env.name}" is a LIVE environment (${env.gatewayUrl}): real money moves for every call your server makes through the tap. Add --yes-live to forward to it.`);
  const connections = cliConnections(environmentVariableCredentials(io.env), hostProxy);
  try {
    return { env, transport: await connections.transport(env) };
  } finally {
    await connections.close();
  }
}

export async function tapCommand(args: readonly string[], io: CliIo, signals: NodeJS.EventEmitter = process): Promise<number> {
  const options = parseTapArgs(args, io.cwd, io.env);
  const certificate = options.tlsPort === undefined ? undefined : certificateIn(options.certDir);
  const { env, transport, simulator, asked } = await upstreamOf(options, io);
  let tap: TapHandle | undefined;
  let record: number | undefined;
  let proxyRun: ProxyRun | undefined;
  try {
    const known = loadEnvironments(options.environments, io.cwd, simulator?.port ?? SIMULATOR_DEFAULTS.port);
    tap = await startTap({
      upstream: { url: env.gatewayUrl ?? '', environment: { id: env.id, name: env.name, live: asked ? false : isLive(env) }, transport },
      intercept: { routes: interceptRoutes(known, options.intercept, asked ? undefined : env), refuseAsked: liveRefusal(options.yesLive) },
      onProxyNotice: (notice) => io.err(proxyNoticeLine(notice)),
      host: options.host,
      port: options.port,
      maxCalls: options.maxCalls,
      faults: options.faults,
      ...(certificate ? { tls: { cert: certificate.cert, key: certificate.key, port: options.tlsPort ?? 0 } } : {}),
      // Beside dist/cli.js in the package; a build without it checks calls on the forwarding thread.
      analysisWorker: path.join(__dirname, 'tapWorker.js'),
    });
    if (options.record) record = fs.openSync(options.record, 'a', 0o600);
    const recordFd = record;
    tap.onCall((call) => {
      const json = tapCallJson(call);
      // Into the record first, and at once: a line on the screen is in the file, even if the tap is killed next.
      if (recordFd !== undefined) fs.writeSync(recordFd, `${json}\n`);
      io.out(options.json ? json : describeTapCall(call));
    });
    // The warning comes first: whoever (or whatever) waits for the start line has read it by then.
    if (!isLoopbackHost(options.host)) io.err(`Listening on ${options.host}, not only on this machine's loopback: anyone who reaches this address can send calls through the tap to ${env.gatewayUrl}.`);
    proxyRun = await prepareProxyRun(tap.url, tap.interceptCaPem ?? '', options.certDir, io.env, options.command !== undefined);
    io.err(startLine(tap, env, simulator, options, certificate));
    let status = 0;
    if (options.command) {
      status = await runThroughTap(options.command, proxyRun.vars, io, signals);
      // The program's last calls are still being checked: their lines and records come before the stop line.
      await tap.settled(5_000);
    } else {
      await new Promise<void>((resolve) => {
        signals.once('SIGINT', resolve);
        signals.once('SIGTERM', resolve);
      });
    }
    io.err(`Gateway Tap stopped after ${tap.seen()} call${tap.seen() === 1 ? '' : 's'}.`);
    return status;
  } finally {
    proxyRun?.close();
    await tap?.close();
    if (record !== undefined) fs.closeSync(record);
    await simulator?.close();
  }
}

/** Whoever trusted the CA the new one replaces should take that trust back: say which and why. */
function replacedCaNote(certificate: TapCertificate): string {
  return certificate.replacedCa ? ` It replaces the previous tap CA (${certificate.replacedCa}): remove that one from where you trusted it.` : '';
}

function startLine(tap: TapHandle, env: Environment, simulator: SimulatorHandle | undefined, options: TapArgs, certificate: TapCertificate | undefined): string {
  const upstream = simulator ? `the simulator at ${simulator.baseUrl} (merchant ${SIMULATOR_DEFAULTS.merchantId}, API password ${SIMULATOR_DEFAULTS.apiPassword})` : `${env.name} (${env.gatewayUrl})`;
  const faults = options.faults.length ? ` Faults: ${options.faults.map(describeFaultRule).join(', ')}.` : '';
  const record = options.record ? ` Recording to ${options.record}.` : '';
  const tls = tap.tlsUrl && certificate ? ` With TLS at ${tap.tlsUrl}: trust the CA file ${certificate.caFile}${certificate.caCreated ? ' (new: trust it once)' : ''}.${replacedCaNote(certificate)}` : '';
  const proxy = options.command
    ? ` Running ${JSON.stringify(options.command.join(' ').slice(0, 200))} through it: its HTTPS to the gateway's hosts is intercepted and checked, any other host is tunnelled untouched.`
    : ` Also an HTTPS proxy: eval "$(payment-workbench tap env)" sends a terminal's programs through it.`;
  const destination = options.upstream === undefined ? `each call to the host it was sent to${options.yesLive ? '' : ' (a host that may be LIVE refused without --yes-live)'}` : upstream;
  const baseUrl = options.command ? '' : ` Set your server's gateway base URL to ${tap.url}.`;
  return `Gateway Tap at ${tap.url} → ${destination}.${baseUrl}${proxy}${tls}${faults}${record}${options.command ? '' : ' Ctrl+C stops.'}`;
}
