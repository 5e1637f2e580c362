/**
 * The local simulator of both APIs (no vscode): the embedded default environment of the workbench
 * and the server every test runs against. See server.ts for the wiring, financing/ and gateway/ for
 * the two APIs, faults.ts for fault injection and requestLog.ts for observability.
 */
export { SIMULATOR_DEFAULTS, SIMULATOR_AUTH_ONLY_MERCHANT_ID, DEFAULT_MAX_ORDERS } from './defaults';
export type { SimulatorOptions, SimulatorHandle, SimulatorRunner } from './options';
export { type RequestLogEntry } from './requestLog';
export { startSimulator } from './server';
export { DEFAULT_RETRY_DELAYS_MS, type NotificationDelivery } from './deliveries/deliverer';
export { DELIVERY_FAULT_KINDS, parseDeliveryFaults, DeliveryFaultError } from './deliveries/deliveryFaults';
