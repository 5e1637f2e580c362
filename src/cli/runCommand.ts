/** `payment-workbench run`: parse every input, pick environments, start the simulator if asked, run, report. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { needsInbox, runFlow } from '../flows';
import { startReceiver, type NotificationReceiver } from '../notifications';
import type { Environment } from '../environments/environment';
import { SIMULATOR_DEFAULTS, startSimulator, type SimulatorHandle } from '../simulator';
import { cliConnections } from './connections';
import { environmentVariableCredentials, secretsOfVariables, setVariablesHint } from './envSecrets';
import { loadEnvironments, pickEnvironment } from './environments';
import { collectFiles, readFlows, type FlowInput } from './inputs';
import { exitStatus, reportFlow, reportStep, summarize, type ReportedFlow } from './report';
import { jsonReport, junitReport, textFlowHeader, textStepLine, textSummary, type ReporterName } from './reporters';
import { cliSendPort, type SendFlags } from './sendPort';
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
  reporter: ReporterName;
  out?: string;
}

function parseRunArgs(argv: readonly string[]): RunOptions & { files: string[] } {
  const { flags, operands } = parseCommand(RUN_COMMAND, argv);
  const text = (name: string) => {
    const value = flags.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  if (operands.length === 0) throw new UsageError('run: name at least one flow file, request file or folder');
  const env = text('--env');
  const environments = text('--environments');
  const out = text('--out');
  return {
    files: [...operands],
    simulator: flags.has('--simulator'),
    yesLive: flags.has('--yes-live'),
    sendAnyway: flags.has('--send-anyway'),
    reporter: (text('--reporter') ?? 'text') as ReporterName,
    ...(env !== undefined ? { env } : {}),
    ...(environments !== undefined ? { environments } : {}),
    ...(out !== undefined ? { out } : {}),
  };
}

/** Returns the exit status: 0 every step passed, 1 a step failed, 2 a flow resolved past a bound (a UsageError, status 2, is thrown). */
export async function runCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { files, ...options } = parseRunArgs(argv);
  return runFlowInputs(readFlows(collectFiles(files, io.cwd), io.cwd), options, io);
}

/** The flows, already read, run as `run` runs them: environments, simulator, inbox, the CLI's send answers, reporters. */
export async function runFlowInputs(inputs: readonly FlowInput[], options: RunOptions, io: CliIo): Promise<number> {
  // Environments are checked before the simulator starts, so a typo costs nothing.
  const planned = (port: number) => {
    const environments = loadEnvironments(options.environments, io.cwd, port);
    return inputs.map((input) => ({ input, env: pickEnvironment(environments, options.env ?? input.flow.environment, input.file) }));
  };
  planned(SIMULATOR_DEFAULTS.port);
  const simulator = options.simulator ? await startSimulator({ port: 0, runBy: 'terminal' }) : undefined;
  // Flows that wait for a webhook or read {{inbox.gateway}} get a local inbox for the run.
  const inbox = inputs.some((i) => needsInbox(i.flow)) ? await startReceiver({ port: 0 }) : undefined;
  try {
    return await runAll(planned(simulator?.port ?? SIMULATOR_DEFAULTS.port), options, io, { simulator, inbox });
  } finally {
    await inbox?.close();
    await simulator?.close();
  }
}

async function runAll(plan: { input: FlowInput; env: Environment }[], options: RunOptions, io: CliIo, local: { simulator?: SimulatorHandle | undefined; inbox?: NotificationReceiver | undefined }): Promise<number> {
  const { simulator, inbox } = local;
  const proxyUrl = io.env['HTTPS_PROXY'] ?? io.env['https_proxy'];
  const connections = cliConnections(environmentVariableCredentials(io.env), proxyUrl ? { url: proxyUrl, strictSSL: true } : undefined);
  const known = secretsOfVariables(io.env);
  // The text lines go where the report does not: stdout for text or a report written to a file, stderr otherwise.
  const progress = options.reporter === 'text' || options.out ? io.out : io.err;
  if (simulator) progress(`Simulator started at ${simulator.baseUrl}`);
  if (inbox) progress(`Local inbox listening at ${inbox.url}`);
  const port = cliSendPort(options);
  const flows: ReportedFlow[] = [];
  try {
    for (const { input, env } of plan) {
      progress(textFlowHeader({ name: input.flow.name, file: input.file, environment: env.name }));
      const result = await runFlow(input.flow, {
        env,
        deps: connections.runnerDeps(),
        port,
        ...(inbox ? { inbox } : {}),
        known,
        signIn: async (e) => {
          try {
            await connections.signIn(e);
          } catch (err) {
            throw new Error(`${err instanceof Error ? err.message : String(err)} ${setVariablesHint(e.id, ['partnerEmail', 'partnerPassword'])}`);
          }
        },
        onStepEnd: (step) => progress(textStepLine(reportStep(step, known))),
      });
      flows.push(reportFlow(result, input.file, known));
    }
  } finally {
    await connections.close();
  }
  const report = summarize(flows);
  progress(textSummary(report));
  writeReport(report, options, io);
  return exitStatus(report);
}

function writeReport(report: ReturnType<typeof summarize>, options: RunOptions, io: CliIo): void {
  if (options.reporter === 'text' && !options.out) return;
  const text = options.reporter === 'junit' ? junitReport(report) : options.reporter === 'json' ? jsonReport(report) : `${report.flows.map((f) => [textFlowHeader(f), ...f.steps.map(textStepLine)].join('\n')).join('\n')}\n${textSummary(report)}\n`;
  if (!options.out) {
    io.out(text.trimEnd());
    return;
  }
  const target = path.resolve(io.cwd, options.out);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
}
