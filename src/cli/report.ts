/**
 * The run's results as the reporters print them: steps without their exchanges, every text passed
 * through the one redaction policy (a value at a secret key is never shown, card numbers are masked)
 * and scrubbed of the run's secrets, which a server may echo anywhere (error.field, explanation).
 */
import { redactFailure, type ExpectationFailure, type FlowResult, type StepResult } from '../flows';
import { redactMessage, redactText, type SecretValues } from '../redaction';
import { describeRoute, type SecretRoute } from '../credentials/secretOrigin';

export interface ReportedStep {
  id: string;
  operation: string;
  title: string;
  status: StepResult['status'];
  durationMs: number;
  httpStatus?: number;
  verdict?: string;
  /** The gateway's own words on a refusal (error.explanation), redacted and clipped. */
  explanation?: string;
  failures: ExpectationFailure[];
  message?: string;
  /** The flow's references resolved past a bound: an invalid flow (exit status 2). */
  exceededLimit?: true;
  /** No answer: the environment could not be reached (refused, DNS, TLS, proxy, timeout). */
  unreachable?: true;
}

/** A secret of the run's variables that went with a request: which, of which environment, to which host, and how. */
export interface SecretSent {
  environment: string;
  secret: string;
  host: string;
  /** host:port of the proxy the connection went through. */
  via?: string;
  /** The extra CA file the connection trusted. */
  trustedCa?: string;
  /** Each hop that could read it in clear on its way, and why. */
  readInClearBy?: string[];
}

/** The report's record of a secret that went by `route`. */
export function secretSent(environment: string, secret: string, route: SecretRoute): SecretSent {
  return {
    environment,
    secret,
    host: route.host,
    ...(route.proxy !== undefined ? { via: route.proxy } : {}),
    ...(route.ca !== undefined ? { trustedCa: route.ca } : {}),
    ...(route.readers.length ? { readInClearBy: [...route.readers] } : {}),
  };
}

/** "gateway.example.com:443 via proxy 10.0.0.1:3128; read in clear by proxy 10.0.0.1:3128 (TLS checks off: …)". */
export function describeSecretSent(s: SecretSent): string {
  return describeRoute({ host: s.host, ...(s.via !== undefined ? { proxy: s.via } : {}), ...(s.trustedCa !== undefined ? { ca: s.trustedCa } : {}), readers: s.readInClearBy ?? [], hostsInClear: [] });
}

export interface ReportedFlow {
  name: string;
  file: string;
  environment: string;
  passed: boolean;
  durationMs: number;
  steps: ReportedStep[];
  /** Each secret of the run's variables that went with this flow's requests, and the host it went to. */
  secretsSent: SecretSent[];
}

export interface RunReport {
  flows: ReportedFlow[];
  summary: { passed: number; failed: number; skipped: number };
  /** `run --shard i/n`: which part of the flows this report holds. */
  shard?: { index: number; total: number };
}

/** A step as reported; `known` holds the run's secrets (the CLI's: secretsOfVariables). */
export function reportStep(s: StepResult, known: SecretValues): ReportedStep {
  return {
    id: s.id,
    operation: s.operationId,
    title: s.title,
    status: s.status,
    durationMs: Math.round(s.durationMs),
    ...(s.httpStatus !== undefined ? { httpStatus: s.httpStatus } : {}),
    ...(s.verdict ? { verdict: redactText(s.verdict.title, known) } : {}),
    ...explanationOf(s, known),
    failures: s.failures.map((f) => redactFailure(f, known)),
    // The runner's message names fields and quotes values masked already: a field's name before ": " is not a key (redactMessage).
    ...(s.message ? { message: redactMessage(s.message, known) } : {}),
    ...(s.exceededLimit ? { exceededLimit: true as const } : {}),
    ...(s.unreachable ? { unreachable: true as const } : {}),
  };
}

const MAX_EXPLANATION = 500;

function explanationOf(s: StepResult, known: SecretValues): { explanation?: string } {
  const text = s.exchange?.decoded?.error?.explanation;
  if (!text) return {};
  const redacted = redactText(text, known);
  return { explanation: redacted.length > MAX_EXPLANATION ? `${redacted.slice(0, MAX_EXPLANATION - 1)}…` : redacted };
}

export function reportFlow(result: FlowResult, file: string, known: SecretValues, secretsSent: readonly SecretSent[] = []): ReportedFlow {
  return { name: redactText(result.name, known), file, environment: result.environment, passed: result.passed, durationMs: Math.round(result.durationMs), steps: result.steps.map((s) => reportStep(s, known)), secretsSent: [...secretsSent] };
}

/** "Secrets sent: gateway API password → gateway.example.com:443" (of environment acme when the run has several). */
export function secretsSentLine(sent: readonly SecretSent[]): string | undefined {
  if (sent.length === 0) return undefined;
  const environments = new Set(sent.map((s) => s.environment));
  return `Secrets sent: ${sent.map((s) => `${s.secret}${environments.size > 1 ? ` of ${s.environment}` : ''} → ${describeSecretSent(s)}`).join(', ')}`;
}

/** `run`'s exit statuses, documented in its --help (RUN_COMMAND) and the README. */
export const RUN_EXIT = {
  passed: 0,
  /** A step failed: an expectation, an error verdict, a send refused for want of a flag or a password. */
  failed: 1,
  /** Bad usage or an invalid input file (a flow resolved past a bound is one): nothing, or not all of it, was run. */
  refused: 2,
  /** Every failed step failed because an environment could not be reached (refused, DNS, TLS, proxy, timeout). */
  unreachable: 3,
  /** A secret of the variables would reach a host --secret-hosts or PAYMENT_WORKBENCH_SECRET_HOSTS does not allow: nothing was sent. */
  secretHostRefused: 4,
} as const;

export type RunExitStatus = (typeof RUN_EXIT)[keyof typeof RUN_EXIT];

/**
 * The first that applies: 2 a flow resolved past a bound (an invalid file, like a syntax error); 1 a
 * step failed for a reason of its own; 3 the failed steps all failed because their environment was out
 * of reach (what a retry may fix: nothing about the payments was learnt); 0 every step passed.
 */
export function exitStatus(report: RunReport): RunExitStatus {
  const failed = report.flows.flatMap((f) => f.steps.filter((s) => s.status === 'failed'));
  if (report.flows.some((f) => f.steps.some((s) => s.exceededLimit))) return RUN_EXIT.refused;
  if (failed.length === 0) return RUN_EXIT.passed;
  return failed.every((s) => s.unreachable) ? RUN_EXIT.unreachable : RUN_EXIT.failed;
}

export function summarize(flows: readonly ReportedFlow[]): RunReport {
  const summary = { passed: 0, failed: 0, skipped: 0 };
  for (const f of flows) for (const s of f.steps) summary[s.status]++;
  return { flows: [...flows], summary };
}

/**
 * Why a step failed, one line each: the compared values (with the code's meaning), then what the
 * answer meant (the decoded verdict) and the gateway's explanation, then the runner's message.
 */
export function failureLines(step: ReportedStep, options: { verdict: boolean }): string[] {
  const verdict = options.verdict && step.verdict ? [`verdict: ${step.httpStatus !== undefined ? `HTTP ${step.httpStatus} ` : ''}${step.verdict}`] : [];
  return [...step.failures.map(describeFailure), ...verdict, ...(step.explanation ? [`explanation: ${step.explanation}`] : []), ...(step.message ? [step.message] : [])];
}

/** One line per problem: "response.gatewayCode: expected "APPROVED", got "DECLINED" (DECLINED: …)". */
export function describeFailure(f: ExpectationFailure): string {
  return `${f.path}: expected ${f.expected}, got ${f.actual}${f.meaning ? ` (${f.actual}: ${f.meaning})` : ''}`;
}
