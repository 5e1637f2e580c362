/**
 * The one send path. Every door (palette, form, request-file CodeLens, next step, Orders view, Test
 * Explorer, flows, the CLI) sends through `sendOperation` here: the engine decides which questions a
 * send needs (the rules that fail, the LIVE confirmation, a missing password) and asks them through
 * the port the door injects. No caller can pass "already confirmed": going on is only ever the port's
 * answer, so a webview message or a flow file cannot skip a question. Model: httpYac's injected I/O
 * provider (src/io/initIOProvider.ts in anweber/httpyac).
 */
import { getOperation, validateBody, type OperationDef, type ValidationIssue } from '../catalogue';
import type { PathParamName } from '../http';
import type { Environment } from '../environments/environment';
import type { Exchange } from './exchange';
import { liveQuestion } from './liveGate';
import { unreachableUrlIssues } from '../environments/reachableUrls';
import { transmit, resolveVersion, SendSetupError, type RunnerDeps, type SendInput } from './requestRunner';
import { rulesQuestion } from './rulesGate';
import { sessionVersionIssues } from './sessionVersions';
import type { SecretName } from '../credentials/secretNames';

interface Asked {
  message: string;
  detail: string;
}

/** What a door may be asked before a send; each names what the person decides. */
export type SendQuestion =
  /** Errors (what the gateway rejects), from the catalogue and from rules that know the environment. */
  | (Asked & { kind: 'rules'; catalogue: readonly ValidationIssue[]; sendTime: readonly ValidationIssue[] })
  /** Real money may move. */
  | (Asked & { kind: 'live' })
  /** No stored secret: a door that can ask for it stores it and answers true. */
  | (Asked & { kind: 'credentials'; secret: SecretName; environment: Environment });

export interface SendPort {
  /** True to go on: the person said yes (or, for credentials, stored the secret). False sends nothing. */
  ask(question: SendQuestion): Promise<boolean>;
  /** What this door's user does to get past a question it declined ("add --yes-live", "set PAYMENT_WORKBENCH_…"). */
  hint?(question: SendQuestion): string | undefined;
}

const DECLINED: Record<SendQuestion['kind'], string> = { live: 'LIVE not confirmed', rules: 'rules fail', credentials: 'no password' };

/** A question was declined: nothing was sent. */
export class SendDeclined extends SendSetupError {
  constructor(readonly question: SendQuestion, hint: string | undefined) {
    // The rules that fail are the reason itself: a step or a CLI line names them, not only their count.
    const rules = question.kind === 'rules' ? ` ${question.detail.replace(/\s*\n+\s*/g, ' ')}` : '';
    super(`Not sent (${DECLINED[question.kind]}): ${question.message}${rules}${hint ? ` ${hint}` : ''}`);
  }
}

export interface GuardedSendInput extends SendInput {
  /**
   * A flow step whose expectation is the gateway's refusal (a 4xx status): sending what breaks the
   * rules is the step's point, so the rules question is not asked. The LIVE and password questions are.
   */
  expectsRefusal?: boolean;
  /** Runs once every question was answered yes, just before the request is built (claims a transaction id…). */
  beforeTransmit?(params: Partial<Record<PathParamName, string>>): Partial<Record<PathParamName, string>>;
}

/** A send whose questions were all answered yes: only clearToSend makes one. */
export interface ClearedSend {
  /** Sends (with the door's progress and cancellation around it), redacts and decodes. */
  transmit(signal?: AbortSignal): Promise<Exchange>;
}

/** Asks what the send needs, through the door's port; a declined question throws SendDeclined and nothing is sent. */
export async function clearToSend(deps: RunnerDeps, port: SendPort, input: GuardedSendInput): Promise<ClearedSend> {
  const op = getOperation(input.operationId);
  if (!op) throw new SendSetupError(`Unknown operation "${input.operationId}".`);
  const version = resolveVersion(op, input.env, input.version);
  for (const question of [rulesAsked(deps, op, version, input), liveAsked(op, input)]) await askOrDecline(port, question);
  await ensureGatewayPassword(deps, port, op, input.env);
  const { beforeTransmit, expectsRefusal: _, ...rest } = input;
  return {
    transmit: (signal) => {
      const params = beforeTransmit ? beforeTransmit({ ...(input.params ?? {}) }) : input.params;
      return transmit(deps, { ...rest, ...(version !== undefined ? { version } : {}), ...(params ? { params } : {}), ...(signal ? { signal } : {}) });
    },
  };
}

/** The one way a request is sent: the questions, then the request. */
export async function sendOperation(deps: RunnerDeps, port: SendPort, input: GuardedSendInput): Promise<Exchange> {
  return (await clearToSend(deps, port, input)).transmit(input.signal);
}

function rulesAsked(deps: RunnerDeps, op: OperationDef, version: number | undefined, input: GuardedSendInput): SendQuestion | undefined {
  if (!op.hasBody || input.expectsRefusal) return undefined;
  const catalogue = validateBody(op.id, version, input.body);
  const sendTime = [
    ...unreachableUrlIssues(input.env, input.body),
    ...sessionVersionIssues(deps.sessionVersions, { env: input.env, op, version, merchantId: input.params?.merchantId, body: input.body }),
  ];
  const q = rulesQuestion(op.title, [...catalogue, ...sendTime]);
  return q ? { kind: 'rules', ...q, catalogue: catalogue.filter((i) => i.severity === 'error'), sendTime: sendTime.filter((i) => i.severity === 'error') } : undefined;
}

function liveAsked(op: OperationDef, input: GuardedSendInput): SendQuestion | undefined {
  const q = liveQuestion(op, input.env, input.body);
  return q ? { kind: 'live', ...q } : undefined;
}

async function askOrDecline(port: SendPort, question: SendQuestion | undefined): Promise<void> {
  if (question && !(await port.ask(question))) throw new SendDeclined(question, port.hint?.(question));
}

/**
 * Basic auth with no stored password asks the door for one (certificates, tokens and the financing
 * login need none). Also used by the form's Create Session helper, which sends outside the catalogue.
 */
export async function ensureGatewayPassword(deps: Pick<RunnerDeps, 'secret'>, port: SendPort, op: Pick<OperationDef, 'auth' | 'title'>, env: Environment): Promise<void> {
  if (!usesGatewayPassword(op, env) || (await deps.secret(env, 'gatewayApiPassword'))) return;
  const question: SendQuestion = {
    kind: 'credentials',
    secret: 'gatewayApiPassword',
    environment: env,
    message: `No gateway API password for "${env.name}".`,
    detail: `${op.title} authenticates as merchant.${env.merchantId ?? '<merchantId>'} with the API password of ${env.gatewayUrl ?? 'the gateway'}.`,
  };
  // A door that said yes stored the password: read again, so a prompt closed without one sends nothing.
  if (!(await port.ask(question)) || !(await deps.secret(env, 'gatewayApiPassword'))) throw new SendDeclined(question, port.hint?.(question));
}

export function usesGatewayPassword(op: Pick<OperationDef, 'auth'>, env: Environment): boolean {
  return (op.auth === 'basicMerchant' || op.auth === 'basicEmptyUser') && env.gatewayAuth !== 'certificate';
}
