/** Webhooks as the gateway sends them, seen from the merchant's side: trigger scenarios, deliveries, reconcile (no vscode). */
export { DEFAULT_SCENARIOS_FOLDER, listScenarios, loadScenario, readScenarioFlow, readScenarios, ScenarioError, SCENARIO_SUFFIX, takesOrder, type Scenario, type ScenarioEntry } from './scenarios';
export { DEFAULT_TRIGGER_WAIT_MS, runTrigger, TriggerError, type TriggerOptions, type TriggerResult } from './trigger';
export { gatewayOrderOf, reconcile, type Finding, type GatewayOrder, type Reconciliation } from './reconcile';
export { answerExcerpt, attemptLine, describeAttempt, describeNotification, describeReconciliation, describeState, notificationDetail, settledLine, shortId } from './describe';
export { DeliveriesClient, isSettled, SimulatorControlError, watchDeliveries, watchOutcomes } from '../simulator/deliveries/client';
export type { DeliveryAttempt, NotificationRecord } from '../simulator/deliveries/wire';
