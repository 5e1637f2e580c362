/** `payment-workbench run`: parse every input, pick environments, start the simulator if asked, run, report. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { needsInbox, runFlow } from '../flows';
import { startReceiver, type NotificationReceiver } from '../notifications';
import type { Environment } from '../environments/environment';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../simulator';
import { loadEnvironments, pickEnvironment } from './environments';
import { collectFiles, readFlows, type FlowInput } from './inputs';
import { exitStatus, reportFlow, reportStep, secretsSentLine, summarize, type ReportedFlow, type RunReport } from './report';
import { jsonReport, junitReport, stepIdColumn, textFlowHeader, textSecretsLines, textStepLine, textSummary } from './reporters';
import { reporterTargets, type ReporterTarget } from './reporterTargets';
import { parseShard, shardKey, shardOf, type Shard } from './shard';
import { cliSendParts } from './sendParts';
import { secretHostPins, type SecretHostPins } from './secretHosts';
import type { SendFlags } from './sendPort';
import { parseCommand, RUN_COMMAND, UsageError } from './usage';

export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
}

/** How flows are run: what `run` takes besides its files (tap replay runs a captured call with them). */
export interface RunOptions extends SendFlags {
  env?: string;
  environments?: string;
  simulator: boolean;
  /** Where each report goes (reporterTargets); text alone prints the lines as the run goes. */
  reporters: readonly ReporterTarget[];
  /** `--shard i/n`: this machine's part, and how many flows all the parts hold. */
  shard?: Shard & { flows: number };
  /** `--secret-hosts`: the hosts a secret of the variables may reach (with PAYMENT_WORKBENCH_SECRET_HOSTS). */
  secretHosts?: string;
}

function parseRunArgs(argv: readonly string[], cwd: string): Omit<RunOptions, 'shard'> & { files: string[]; shard?: Shard } {
  const { flags, repeated, operands } = parseCommand(RUN_COMMAND, argv);
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  if (operands.length === 0) throw new UsageError('run: name at least one flow file, request file or folder');
  const env = text('--env');
  const environments = text('--environments');
  const shard = text('--shard');
  const secretHosts = text('--secret-hosts');
  return {
    files: [...operands],
    simulator: flags.has('--simulator'),
    yesLive: flags.has('--yes-live'),
    sendAnyway: flags.has('--send-anyway'),
    reporters: reporterTargets(repeated.get('--reporter') ?? [], text('--out'), cwd),
    ...(env !== undefined ? { env } : {}),
    ...(environments !== undefined ? { environments } : {}),
    ...(shard !== undefined ? { shard: parseShard(shard) } : {}),
    ...(secretHosts !== undefined ? { secretHosts } : {}),
  };
}

/**
 * Returns the exit status (RUN_EXIT): 0 every step passed, 1 a step failed, 3 every failed step failed
 * because an environment could not be reached, 2 a flow resolved past a bound (a UsageError, status 2, is thrown).
 */
export async function runCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { files, shard, ...options } = parseRunArgs(argv, io.cwd);
  const collected = collectFiles(files, io.cwd);
  refuseReportOverInput(options.reporters, collected, io.cwd);
  // Every file is read on every shard: a broken file stops each shard alike, before anything is sent.
  const inputs = readFlows(collected, io.cwd);
  if (!shard) return runFlowInputs(inputs, options, io);
  // The other shards' flows name their environments too: a typo there stops this shard as well.
  const environments = loadEnvironments(options.environments, io.cwd, SIMULATOR_DEFAULTS.port);
  for (const input of inputs) pickEnvironment(environments, options.env ?? input.flow.environment, input.file);
  const key = (input: FlowInput) => shardKey(input.file);
  const flows = new Set(inputs.map(key)).size;
  return runFlowInputs(shardOf(inputs, key, shard), { ...options, shard: { ...shard, flows } }, io);
}

/** The flows, already read, run as `run` runs them: environments, simulator, inbox, the CLI's send answers, reporters. */
export async function runFlowInputs(inputs: readonly FlowInput[], options: RunOptions, io: CliIo): Promise<number> {
  // A typo in the pins stops the run before the simulator starts.
  const pins = secretHostPins(options.secretHosts, io.env);
  // Environments are checked before the simulator starts, so a typo costs nothing.
  const planned = (port: number) => {
    const environments = loadEnvironments(options.environments, io.cwd, port);
    return inputs.map((input) => ({ input, env: pickEnvironment(environments, options.env ?? input.flow.environment, input.file) }));
  };
  planned(SIMULATOR_DEFAULTS.port);
  // A shard left without flows starts nothing: it says so and passes.
  const simulator = options.simulator && inputs.length > 0 ? await startSimulator({ port: 0, runBy: 'terminal' }) : undefined;
  // Flows that wait for a webhook or read {{inbox.gateway}} get a local inbox for the run.
  const inbox = inputs.some((i) => needsInbox(i.flow)) ? await startReceiver({ port: 0 }) : undefined;
  try {
    return await runAll(planned(simulator?.port ?? SIMULATOR_DEFAULTS.port), options, io, { simulator, inbox, pins });
  } finally {
    await inbox?.close();
    await simulator?.close();
  }
}

async function runAll(plan: { input: FlowInput; env: Environment }[], options: RunOptions, io: CliIo, local: { simulator?: SimulatorHandle | undefined; inbox?: NotificationReceiver | undefined; pins: SecretHostPins }): Promise<number> {
  const { simulator, inbox } = local;
  const send = cliSendParts(io.env, options, local.pins);
  const { known } = send;
  try {
    // Said on stderr whatever the reporters, before the first request; a host the pins do not allow stops the run here.
    send.announce(plan.map(({ input, env }) => ({ env, flow: input.flow })), io.err);
  } catch (err) {
    await send.close();
    throw err;
  }
  // The text lines go where no report does: stdout, unless a junit or json report is printed there (then stderr).
  const progress = options.reporters.some((r) => r.file === undefined && r.name !== 'text') ? io.err : io.out;
  if (options.shard) progress(shardLine(options.shard, plan.length));
  if (simulator) progress(`Simulator started at ${simulator.baseUrl}`);
  if (inbox) progress(`Local inbox listening at ${inbox.url}`);
  const flows: ReportedFlow[] = [];
  try {
    for (const { input, env } of plan) {
      progress(textFlowHeader({ name: input.flow.name, file: input.file, environment: env.name }));
      const idColumn = stepIdColumn(input.flow.steps.map((s) => s.id));
      const result = await runFlow(input.flow, {
        env,
        deps: send.deps,
        port: send.port,
        ...(inbox ? { inbox } : {}),
        known,
        signIn: send.signIn,
        onStepEnd: (step) => progress(textStepLine(reportStep(step, known), idColumn)),
      });
      const flow = reportFlow(result, input.file, known, send.takeSecretsSent());
      const secrets = secretsSentLine(flow.secretsSent);
      if (secrets) progress(`  ${secrets}`);
      flows.push(flow);
    }
  } finally {
    await send.close();
  }
  const report = { ...summarize(flows), ...(options.shard ? { shard: { index: options.shard.index, total: options.shard.total } } : {}) };
  progress(textSummary(report));
  for (const target of options.reporters) writeReport(report, target, io);
  return exitStatus(report);
}

/** A report written over one of the run's own flow or request files would lose it: refused before anything runs. */
function refuseReportOverInput(reporters: readonly ReporterTarget[], files: readonly string[], cwd: string): void {
  const inputs = new Set(files.map((f) => path.resolve(f)));
  const over = reporters.find((r) => r.file !== undefined && inputs.has(path.resolve(cwd, r.file)));
  if (over) throw new UsageError(`run: the ${over.name} report would be written over ${over.file ?? ''}, one of the files to run; give the report another file`);
}

function shardLine(shard: NonNullable<RunOptions['shard']>, mine: number): string {
  const part = `Shard ${shard.index}/${shard.total}`;
  if (mine === 0) return `${part}: no flows to run (${shard.flows} ${shard.flows === 1 ? 'flow' : 'flows'} over ${shard.total} shards); passes`;
  return `${part}: ${mine} of ${shard.flows} ${shard.flows === 1 ? 'flow' : 'flows'}`;
}

/** The text report written to a file: the lines printed as the run went, each flow's ids in one column. */
function textReport(report: RunReport): string {
  const flows = report.flows.map((f) => {
    const idColumn = stepIdColumn(f.steps.map((s) => s.id));
    return [textFlowHeader(f), ...f.steps.map((s) => textStepLine(s, idColumn)), ...textSecretsLines(f)].join('\n');
  });
  return `${flows.join('\n')}\n${textSummary(report)}\n`;
}

/** One report: text only when it has a file (its lines were printed as the run went), the others to their file or stdout. */
function writeReport(report: RunReport, target: ReporterTarget, io: CliIo): void {
  if (target.name === 'text' && target.file === undefined) return;
  const text = target.name === 'junit' ? junitReport(report) : target.name === 'json' ? jsonReport(report) : textReport(report);
  if (target.file === undefined) {
    io.out(text.trimEnd());
    return;
  }
  const file = path.resolve(io.cwd, target.file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
