/**
 * The parsed shape of a flow file, on its own so flow.ts (which parses it) and the step kinds it checks
 * (notificationExpectation.ts reads a Flow back) depend on it and not on each other: with these types in
 * flow.ts the two formed a type-only import circle (lint counts those: .dependency-cruiser.cjs).
 */
import type { Capability } from './capabilities';
import type { PayerAction } from './payerPages';

export interface FlowStep {
  id: string;
  operation: string;
  version?: number;
  params?: Record<string, unknown>;
  body?: unknown;
  expect?: Record<string, unknown>;
  /** A payer step (payerPages.ts): what the payer does on a page, instead of an operation; `operation` is then "payer.<page>". */
  payer?: PayerAction;
  /** Skipped when the run was given this input (flowInputs.ts): the step makes what the user brought. */
  unlessGiven?: string;
  /** What the simulator's delivery of this step's notifications must come to (deliveryExpectation.ts). */
  expectDelivery?: DeliveryExpectation;
}

export interface FlowInputSpec {
  description?: string;
  /** Used when the run is not given the input; may be {{fresh.orderId}} or {{env.NAME}}. */
  default?: string;
}

export interface DeliveryExpectation {
  /** The HTTP status of the last attempt of each notification. */
  status?: number;
  /** How many attempts each notification took. */
  attempts?: number;
  /** delivered, failed, dropped or refused. */
  state?: string;
  /** How many notifications the step made. */
  count?: number;
  /** How long to wait for them to settle, ms (default 30000). */
  within?: number;
}

export interface Flow {
  name: string;
  /** The environment the flow runs in when none is chosen (id or name). */
  environment?: string;
  /** What the environment's merchant must do for the flow to pass; a known environment without it fails the flow before it sends. */
  needs?: Capability[];
  /** What the run may be given (flowInputs.ts). */
  inputs?: Record<string, FlowInputSpec>;
  steps: FlowStep[];
}
