/** `payment-workbench reconcile --order ID`: what the endpoint acknowledged against Retrieve Order. */
import { DeliveriesClient, describeReconciliation, gatewayOrderOf, reconcile, SimulatorControlError } from '../deliveries';
import { describeRefusal } from '../decode';
import { runFlow } from '../flows';
import { redactText } from '../redaction';
import { RECONCILE_COMMAND } from './deliverySpecs';
import type { CliIo } from './runCommand';
import { cliSendParts } from './sendParts';
import { secretHostPins } from './secretHosts';
import { secretsSentLine } from './report';
import { portFlag, simulatorEnvironment } from './simulatorRun';
import { parseCommand, UsageError } from './usage';

export async function reconcileCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { flags } = parseCommand(RECONCILE_COMMAND, argv);
  const text = (name: string) => {
    const v = flags.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const orderId = text('--order');
  if (orderId === undefined || orderId === '') throw new UsageError('reconcile: --order ID is required (the order to compare)');
  const env = simulatorEnvironment({ env: text('--env'), environments: text('--environments'), port: portFlag(flags.get('--port')) }, undefined, 'reconcile', io.cwd);
  if (!env.gatewayUrl) throw new UsageError(`reconcile: environment ${env.id} has no gatewayUrl`);
  const send = cliSendParts(io.env, undefined, secretHostPins(text('--secret-hosts'), io.env));
  const flow = { name: 'reconcile', steps: [{ id: 'order', operation: 'gateway.retrieveOrder', params: { orderId } }] };
  let retrieved;
  try {
    send.announce([{ env, flow }], io.err);
    retrieved = await runFlow(flow, { env, deps: send.deps, port: send.port, signIn: send.signIn, known: send.known });
  } finally {
    await send.close();
  }
  const step = retrieved.steps[0];
  const answer = step?.exchange?.response;
  if (!answer || answer.status !== 200) {
    // The gateway's explanation says what is wrong (an unknown order, a merchant without it); the status alone does not.
    io.err(`payment-workbench: Retrieve Order ${orderId} on ${env.name}: ${answer ? redactText(describeRefusal(answer.status, step?.exchange?.decoded), send.known) : (step?.message ?? 'no answer')}`);
    return 1;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.bodyText);
  } catch {
    body = undefined;
  }
  const order = gatewayOrderOf(body);
  if (!order) {
    io.err(`payment-workbench: Retrieve Order ${orderId} answered something that is not an order`);
    return 1;
  }
  try {
    const page = await new DeliveriesClient(env.gatewayUrl).list({ orderId });
    const result = reconcile(order, page.notifications);
    const secretsSent = send.takeSecretsSent();
    const secrets = secretsSentLine(secretsSent);
    if (flags.has('--json')) io.out(JSON.stringify({ order: result.order, made: result.made, acknowledged: result.acknowledged, findings: result.findings, secretsSent }, null, 2));
    else for (const line of [...describeReconciliation(result), ...(secrets ? [secrets] : [])]) io.out(line);
    return result.findings.length === 0 ? 0 : 1;
  } catch (err) {
    if (err instanceof SimulatorControlError) {
      io.err(`payment-workbench: ${err.message}`);
      return 1;
    }
    throw err;
  }
}
