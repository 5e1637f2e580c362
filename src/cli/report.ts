/**
 * The run's results as the reporters print them: steps without their exchanges, every text passed
 * through the one redaction policy (a value at a secret key is never shown, card numbers are masked).
 */
import type { ExpectationFailure, FlowResult, StepResult } from '../flows';
import { REDACTED, redactText, secretKindOfKey } from '../redaction';

export interface ReportedStep {
  id: string;
  operation: string;
  title: string;
  status: StepResult['status'];
  durationMs: number;
  httpStatus?: number;
  verdict?: string;
  failures: ExpectationFailure[];
  message?: string;
}

export interface ReportedFlow {
  name: string;
  file: string;
  environment: string;
  passed: boolean;
  durationMs: number;
  steps: ReportedStep[];
}

export interface RunReport {
  flows: ReportedFlow[];
  summary: { passed: number; failed: number; skipped: number };
}

function redactFailure(f: ExpectationFailure): ExpectationFailure {
  const lastKey = f.path.split(/[.[\]]/).filter(Boolean).at(-1) ?? '';
  const secret = secretKindOfKey(lastKey) !== undefined;
  return { ...f, expected: secret ? REDACTED : redactText(f.expected), actual: secret ? REDACTED : redactText(f.actual) };
}

export function reportStep(s: StepResult): ReportedStep {
  return {
    id: s.id,
    operation: s.operationId,
    title: s.title,
    status: s.status,
    durationMs: Math.round(s.durationMs),
    ...(s.httpStatus !== undefined ? { httpStatus: s.httpStatus } : {}),
    ...(s.verdict ? { verdict: redactText(s.verdict.title) } : {}),
    failures: s.failures.map(redactFailure),
    ...(s.message ? { message: redactText(s.message) } : {}),
  };
}

export function reportFlow(result: FlowResult, file: string): ReportedFlow {
  return { name: result.name, file, environment: result.environment, passed: result.passed, durationMs: Math.round(result.durationMs), steps: result.steps.map(reportStep) };
}

export function summarize(flows: readonly ReportedFlow[]): RunReport {
  const summary = { passed: 0, failed: 0, skipped: 0 };
  for (const f of flows) for (const s of f.steps) summary[s.status]++;
  return { flows: [...flows], summary };
}

/** One line per problem: "response.gatewayCode: expected "APPROVED", got "DECLINED" (DECLINED: …)". */
export function describeFailure(f: ExpectationFailure): string {
  return `${f.path}: expected ${f.expected}, got ${f.actual}${f.meaning ? ` (${f.actual}: ${f.meaning})` : ''}`;
}
