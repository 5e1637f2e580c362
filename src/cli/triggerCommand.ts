/** `payment-workbench trigger <scenario>`: a scenario on the simulator, its notifications delivered and watched. */
import * as path from 'node:path';
import { attemptLine, DEFAULT_SCENARIOS_FOLDER, loadScenario, readScenarios, runTrigger, ScenarioError, settledLine, TriggerError, type TriggerResult } from '../deliveries';
import { escapeControls, excerpt } from '../format/quote';
import { redactUrlText } from '../redaction';
import { parseDeliveryFaults, DeliveryFaultError } from '../simulator';
import { TRIGGER_COMMAND } from './deliverySpecs';
import { reportStep, secretsSentLine } from './report';
import { stepIdColumn, textStepLine } from './reporters';
import type { CliIo } from './runCommand';
import { cliSendParts } from './sendParts';
import { secretHostPins } from './secretHosts';
import { bundledScenariosFolder, portFlag, simulatorEnvironment } from './simulatorRun';
import { parseCommand, UsageError } from './usage';

const MAX_WAIT_SECONDS = 600;

export async function triggerCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags, repeated, operands } = parseCommand(TRIGGER_COMMAND, argv);
  const text = (name: string) => {
    const v = flags.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const folders = { bundled: bundledScenariosFolder(), workspace: path.resolve(io.cwd, text('--scenarios') ?? DEFAULT_SCENARIOS_FOLDER) };
  if (flags.has('--list')) return listCommand(folders, io);
  if (operands.length !== 1) throw new UsageError(`trigger: name one scenario${operands.length ? `, got ${operands.length}` : ''}; payment-workbench trigger --list shows them`);
  let scenario;
  try {
    scenario = loadScenario(operands[0] as string, folders, io.cwd);
  } catch (err) {
    if (err instanceof ScenarioError) throw new UsageError(`trigger: ${err.message}`);
    throw err;
  }
  const inputs = inputsOf(repeated.get('--set') ?? [], text('--order'));
  const faults = text('--fault');
  if (faults !== undefined) {
    try {
      parseDeliveryFaults(faults);
    } catch (err) {
      if (err instanceof DeliveryFaultError) throw new UsageError(`trigger: --fault: ${err.message}`);
      throw err;
    }
  }
  const waitSeconds = text('--wait') === undefined ? 30 : Number(text('--wait'));
  if (!Number.isInteger(waitSeconds) || waitSeconds < 0 || waitSeconds > MAX_WAIT_SECONDS) throw new UsageError(`trigger: --wait needs whole seconds from 0 to ${MAX_WAIT_SECONDS}, got ${JSON.stringify(text('--wait'))}`);
  const env = simulatorEnvironment({ env: text('--env'), environments: text('--environments'), port: portFlag(flags.get('--port')) }, scenario.flow.environment, scenario.file, io.cwd);
  const json = flags.has('--json');
  const say = json ? io.err : io.out;
  const send = cliSendParts(io.env, undefined, secretHostPins(text('--secret-hosts'), io.env));
  const idColumn = stepIdColumn(scenario.flow.steps.map((s) => s.id));
  let result: TriggerResult;
  try {
    send.announce([{ env, flow: scenario.flow }], io.err);
    result = await runTrigger({
      scenario, env, inputs, deps: send.deps, port: send.port, signIn: send.signIn, known: send.known,
      ...(text('--to') !== undefined ? { to: text('--to') as string } : {}),
      ...(faults !== undefined ? { faults: faults.split(',').map((f) => f.trim()).filter(Boolean) } : {}),
      waitMs: waitSeconds * 1000,
      onStart: ({ trigger, target, merchantId }) => say(`Trigger ${trigger}: ${scenario.name} on ${env.name} (merchant ${merchantId}), webhooks to ${escapeControls(redactUrlText(target))}${faults ? `, delivery faults ${faults}` : ''}`),
      onStep: (step, made) => {
        say(textStepLine(reportStep(step, send.known), idColumn));
        for (const n of made) say(`      → notification ${n.id}  ${escapeControls(n.summary)}`);
      },
      onAttempt: (n, a) => say(attemptLine(n, a)),
      onSettled: (n) => say(settledLine(n)),
    });
  } catch (err) {
    if (err instanceof TriggerError) {
      io.err(`payment-workbench: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await send.close();
  }
  say(summaryLine(result));
  const secretsSent = send.takeSecretsSent();
  const secrets = secretsSentLine(secretsSent);
  if (secrets) say(secrets);
  if (json) io.out(JSON.stringify({ trigger: result.trigger, scenario: scenario.name, target: result.target, passed: result.flow.passed, steps: result.flow.steps.map((s) => reportStep(s, send.known)), notifications: result.notifications, secretsSent }, null, 2));
  return triggerPassed(result) ? 0 : 1;
}

function triggerPassed(r: TriggerResult): boolean {
  return r.flow.passed && r.settled && r.notifications.every((n) => n.state === 'delivered' || n.state === 'dropped');
}

function summaryLine(r: TriggerResult): string {
  const counts = new Map<string, number>();
  for (const n of r.notifications) counts.set(n.state, (counts.get(n.state) ?? 0) + 1);
  const made = `${r.notifications.length} notification${r.notifications.length === 1 ? '' : 's'}${counts.size ? `: ${[...counts].map(([s, c]) => `${c} ${s}`).join(', ')}` : ''}`;
  const waiting = r.settled ? '' : ' (still settling when the wait ended: payment-workbench deliveries list shows them later)';
  return `${r.flow.passed ? 'Scenario passed' : 'Scenario FAILED'}; ${made}${waiting}. deliveries show ID has the endpoint's answers; reconcile --order ID compares with Retrieve Order.`;
}

function inputsOf(sets: readonly string[], order: string | undefined): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const set of sets) {
    const eq = set.indexOf('=');
    if (eq <= 0) throw new UsageError(`trigger: --set needs NAME=VALUE, got ${JSON.stringify(excerpt(set, 80))}`);
    inputs[set.slice(0, eq)] = set.slice(eq + 1);
  }
  if (order !== undefined) inputs['orderId'] = order;
  return inputs;
}

function listCommand(folders: { bundled: string; workspace: string }, io: CliIo): number {
  const all = readScenarios(folders);
  for (const s of all) io.out(describeScenario(s));
  io.out(`\n${all.length} scenarios. Yours go in ${folders.workspace} (a file of the same name replaces a bundled one).`);
  return 0;
}

/** A scenario's line: its name is a file name, which may hold anything but "/" (a line feed, ESC): shown escaped, as every name from a file. */
function describeScenario(s: ReturnType<typeof readScenarios>[number]): string {
  const name = excerpt(s.name, 120).padEnd(38);
  if ('problem' in s) return `${name} (cannot be read: ${excerpt(s.problem, 200)})`;
  const inputs = Object.entries(s.flow.inputs ?? {}).map(([input, spec]) => excerpt(`${input}${spec.default !== undefined ? `=${spec.default}` : ''}`, 120));
  return `${name} ${s.source === 'workspace' ? '[yours] ' : ''}${excerpt(s.flow.name, 200)}${inputs.length ? `\n${' '.repeat(39)}inputs: ${inputs.join(', ')}` : ''}`;
}
