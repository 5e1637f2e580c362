/**
 * A trigger: a scenario run on the simulator under a trigger id, so that every notification its
 * operations make is linked to it, sent where the user said (--to, the environment's webhookUrl, or
 * the merchant's webhook URL on the simulator), with the delivery faults asked for. Then its
 * deliveries are watched until each has settled. No vscode: the CLI and the editor both run it.
 */
import { runFlow, type FlowResult, type FlowRunOptions, type StepResult } from '../flows';
import { undeclaredInputs } from '../flows/flowInputs';
import type { Environment } from '../environments/environment';
import { DeliveriesClient, watchOutcomes } from '../simulator/deliveries/client';
import type { DeliveryAttempt, NotificationRecord } from '../simulator/deliveries/wire';
import type { Scenario } from './scenarios';

/** How long a trigger watches its deliveries settle by default: the simulator's default schedule takes about 15 s. */
export const DEFAULT_TRIGGER_WAIT_MS = 30_000;

export class TriggerError extends Error {}

export interface TriggerOptions extends Pick<FlowRunOptions, 'deps' | 'port' | 'signIn' | 'known' | 'signal' | 'session'> {
  scenario: Scenario;
  env: Environment;
  /** --order ID and --set NAME=VALUE. */
  inputs: Readonly<Record<string, string>>;
  /** Where this trigger's webhooks go; else the environment's webhookUrl, else the simulator merchant's. */
  to?: string;
  faults?: readonly string[];
  waitMs?: number;
  onStart?(info: { trigger: string; target: string; merchantId: string }): void;
  onStep?(step: StepResult, notifications: readonly NotificationRecord[]): void;
  onAttempt?(notification: NotificationRecord, attempt: DeliveryAttempt): void;
  /** A notification settled without a (new) attempt: dropped, refused, or failed. */
  onSettled?(notification: NotificationRecord): void;
}

export interface TriggerResult {
  trigger: string;
  target: string;
  flow: FlowResult;
  notifications: NotificationRecord[];
  /** Every notification settled within the wait. */
  settled: boolean;
}

export async function runTrigger(options: TriggerOptions): Promise<TriggerResult> {
  const { scenario, env } = options;
  const undeclared = undeclaredInputs(options.inputs, scenario.flow.inputs);
  if (undeclared.length) throw new TriggerError(`${scenario.name}: ${undeclared.join('; ')}`);
  if (!env.gatewayUrl || !env.merchantId) throw new TriggerError(`environment ${env.name} has no gatewayUrl or merchantId`);
  const client = new DeliveriesClient(env.gatewayUrl, options.signal);
  try {
    await client.info();
  } catch (err) {
    throw new TriggerError(`trigger runs scenarios on the simulator, and environment ${env.name} (${env.gatewayUrl}) is not one: ${err instanceof Error ? err.message : String(err)}`);
  }
  const explicit = options.to ?? env.webhookUrl;
  const target = explicit ?? (await client.webhook(env.merchantId)).url;
  if (target === undefined) throw new TriggerError(`no webhook URL for merchant ${env.merchantId}: give --to URL (your endpoint, e.g. http://127.0.0.1:3000/webhooks/gateway), set "webhookUrl" in environment ${env.id}, or set the merchant's URL on the simulator`);
  const cursor = (await client.list({ limit: 0 })).created;
  const trigger = await client.openTrigger({ merchantId: env.merchantId, scenario: scenario.name, ...(explicit !== undefined ? { to: explicit } : {}), ...(options.faults?.length ? { faults: options.faults } : {}) });
  options.onStart?.({ trigger, target, merchantId: env.merchantId });
  const reported = new Set<string>();
  let reporting = Promise.resolve();
  let flow: FlowResult;
  try {
    flow = await runFlow(scenario.flow, {
      env, deps: options.deps, port: options.port, signIn: options.signIn, inputs: options.inputs,
      ...(options.known ? { known: options.known } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.session ? { session: options.session } : {}),
      onStepEnd: (step) => {
        // The step's notifications exist by now (made while its request was answered); read in order, one step after another.
        reporting = reporting.then(async () => {
          const made = (await client.list({ trigger }).catch(() => undefined))?.notifications.filter((n) => n.seq > cursor && !reported.has(n.id)) ?? [];
          for (const n of made) reported.add(n.id);
          options.onStep?.(step, made);
        });
      },
    });
    await reporting;
  } finally {
    await client.closeTrigger(trigger);
  }
  const { notifications, ready } = await watchOutcomes(client, { trigger }, options.waitMs ?? DEFAULT_TRIGGER_WAIT_MS, { onAttempt: options.onAttempt, onSettled: options.onSettled });
  return { trigger, target, flow, notifications: notifications.filter((n) => n.seq > cursor), settled: ready };
}
