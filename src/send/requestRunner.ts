import { randomUUID } from 'node:crypto';
import { FinancingSession, SignInRequired, tokenSetFromResponse, type TokenStore } from '../auth';
import { authAt, getOperation, versionProblem, type OperationDef } from '../catalogue';
import { NOT_SIGNED_IN_KIND, decodeResponse } from '../decode';
import { depthError, findTooDeep } from '../json/depth';
import { redactMessage } from '../redaction';
import {
  buildRequest,
  HttpFailure,
  KnownSecrets,
  redactBodyText,
  redactHeaders,
  redactRequest,
  RequestBuildError,
  toCurl,
  type HttpClient,
  type HttpResponse,
  type OutgoingRequest,
  type PathParamName,
} from '../http';
import { isLive, type Environment } from '../environments/environment';
import type { Exchange } from './exchange';
import { keptRequestBody } from './keptBody';
import type { SessionVersions } from './sessionVersions';

/** What the runner needs from the host: no vscode here, so it is tested with plain mocha against the simulator. */
export interface RunnerDeps {
  client(env: Environment): Promise<HttpClient>;
  session(env: Environment): Promise<FinancingSession>;
  tokenStore(env: Environment): TokenStore;
  secret(env: Environment, name: 'gatewayApiPassword' | 'partnerPassword'): Promise<string | undefined>;
  now?: () => number;
  /** The API version of each payment session this door's sends updated: recorded here, read by the send-time rules. */
  sessionVersions?: SessionVersions;
}

export interface SendInput {
  env: Environment;
  operationId: string;
  version?: number;
  params?: Partial<Record<PathParamName, string>>;
  /** Parsed JSON body, or raw text for deliberately malformed tests. */
  body?: unknown;
  signal?: AbortSignal;
  /** Sees the request exactly as sent (secrets included), for a memory-only "copy with secrets". */
  onSent?: (request: OutgoingRequest) => void;
  /**
   * Sees the response body as received, before redaction and truncation: a flow resolves references and
   * judges expectations on what the gateway said, not on the history's masked copy (an id holding a
   * card-like digit run would otherwise no longer equal itself).
   */
  onReceived?: (bodyText: string) => void;
  /** Response text kept in the exchange, so history and panels never hold a huge body in full. */
  keepBytes?: number;
}

/** A problem the user must fix before anything is sent (no base URL, no password…). */
export class SendSetupError extends Error {}

const DEFAULT_KEEP_BYTES = 1024 * 1024;

export function resolveVersion(op: OperationDef, env: Environment, version?: number): number | undefined {
  const v = version ?? env.versions?.[op.id] ?? op.defaultVersion;
  const problem = v !== undefined && op.documentedVersions.length > 0 ? versionProblem(op, v) : undefined;
  if (problem) throw new SendSetupError(`${problem}.`);
  return v;
}

export function baseUrlFor(op: OperationDef, env: Environment): string {
  const url = op.api === 'financing' ? env.financingBaseUrl : env.gatewayUrl;
  if (!url) throw new SendSetupError(`Environment "${env.name}" has no ${op.api === 'financing' ? 'financing base URL' : 'gateway URL'}; edit the environment to add one.`);
  return url;
}

/** The URL parameters as sent: a gateway call takes the environment's merchant id unless one is given. */
export function paramsFor(op: OperationDef, env: Environment, given: Partial<Record<PathParamName, string>> = {}): Partial<Record<PathParamName, string>> {
  const params = { ...given };
  if (op.api === 'gateway' && params.merchantId === undefined && env.merchantId) params.merchantId = env.merchantId;
  return params;
}

/**
 * Builds, sends, redacts and decodes one request, asking nothing: only the guarded send path
 * (send/guardedSend.ts) calls it, after the questions a send needs (lint keeps every other caller out).
 */
export async function transmit(deps: RunnerDeps, input: SendInput): Promise<Exchange> {
  const op = getOperation(input.operationId);
  if (!op) throw new SendSetupError(`Unknown operation "${input.operationId}".`);
  const { env } = input;
  const version = resolveVersion(op, env, input.version);
  const params = paramsFor(op, env, input.params);
  const tooDeep = typeof input.body === 'string' ? findTooDeep(input.body, { where: 'The request body' }) : depthError(input.body, 'The request body');
  if (tooDeep) throw new SendSetupError(tooDeep.message);
  const bodyText = input.body === undefined ? undefined : typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  const known = new KnownSecrets();
  const session = await deps.session(env);
  const now = deps.now ?? Date.now;

  const build = (credentials: { accessToken?: string; refreshToken?: string; apiPassword?: string; clientCertificate?: boolean }): OutgoingRequest => {
    known.add(credentials.accessToken, credentials.refreshToken, credentials.apiPassword);
    if (credentials.apiPassword) known.addBasicCredentials(authAt(op, version) === 'basicEmptyUser' ? '' : `merchant.${params.merchantId ?? ''}`, credentials.apiPassword);
    try {
      return {
        ...buildRequest(op, { baseUrl: baseUrlFor(op, env), ...(version !== undefined ? { version } : {}), params, ...(bodyText !== undefined ? { body: bodyText } : {}), credentials, timeoutMs: env.timeoutMs }),
        ...(input.signal ? { signal: input.signal } : {}),
      };
    } catch (err) {
      if (err instanceof RequestBuildError) throw new SendSetupError(err.message);
      throw err;
    }
  };

  let sent: OutgoingRequest | undefined;
  const send = async (req: OutgoingRequest): Promise<HttpResponse> => {
    sent = req;
    input.onSent?.(req);
    // Taken now, not when the send began: settings saved while it waited (for a question, a token refresh) apply.
    return (await deps.client(env)).send(req);
  };

  const exchange: Exchange = {
    id: randomUUID(),
    startedAt: new Date(now()).toISOString(),
    environment: { id: env.id, name: env.name, live: isLive(env) },
    operationId: op.id,
    operationTitle: op.title,
    ...(version !== undefined ? { version } : {}),
    params: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')),
    request: { method: op.method, url: '', headers: {}, bodyWasMasked: false, curl: '' },
  };

  let response: HttpResponse | undefined;
  try {
    switch (op.auth) {
      case 'bearer':
        response = await session.callWithAuth((accessToken) => send(build({ accessToken })));
        break;
      case 'refreshToken': {
        const stored = await deps.tokenStore(env).load();
        if (!stored) throw new SendSetupError('No refresh token: sign in to the financing API first.');
        response = await send(build({ refreshToken: stored.refreshToken }));
        await adoptTokens(session, response, now(), stored.refreshToken);
        break;
      }
      case 'basicSession':
        response = await send(build({}));
        break;
      case 'none':
        if (typeof input.body === 'object' && input.body !== null) {
          const pw = (input.body as Record<string, unknown>).password;
          if (typeof pw === 'string') known.add(pw);
        }
        response = await send(build({}));
        if (op.id === 'financing.login') await adoptTokens(session, response, now());
        break;
      default: {
        if (env.gatewayAuth === 'certificate') {
          response = await send(build({ clientCertificate: true }));
          break;
        }
        const apiPassword = await deps.secret(env, 'gatewayApiPassword');
        if (!apiPassword) throw new SendSetupError(`No gateway API password for "${env.name}".`);
        response = await send(build({ apiPassword }));
      }
    }
    if (op.id === 'financing.logout' && response.status >= 200 && response.status < 300) await session.forgetTokens();
  } catch (err) {
    if (err instanceof SendSetupError) throw err;
    // Messages the workbench wrote, naming fields ("…; RefreshToken: unknown, expired…"): their words are kept, values masked (redactMessage).
    exchange.failure = err instanceof HttpFailure ? { kind: err.kind, message: redactMessage(err.message, known) } : { kind: err instanceof SignInRequired ? NOT_SIGNED_IN_KIND : 'other', message: redactMessage(err instanceof Error ? err.message : String(err), known) };
  }

  if (sent) {
    const shown = redactRequest(sent, known);
    exchange.request.url = shown.url;
    exchange.request.headers = shown.headers;
    if (sent.body !== undefined) Object.assign(exchange.request, keptRequestBody(sent.body, shown.body, known, !exchange.environment.live));
    exchange.request.curl = toCurl(sent, { includeSecrets: false, known });
  }
  if (response) {
    input.onReceived?.(response.bodyText);
    const keep = input.keepBytes ?? DEFAULT_KEEP_BYTES;
    const text = redactBodyText(response.bodyText, known);
    exchange.response = {
      status: response.status,
      headers: redactHeaders(response.headers),
      bodyText: text.length > keep ? text.slice(0, keep) : text,
      sizeBytes: response.sizeBytes,
      truncated: text.length > keep,
      timing: response.timing,
    };
    // The decoder reads amounts from the raw JSON text (keeping "0.00"), so it gets the body as received
    // and masks what it returns by the same policy, with the run's secrets (decodeResponse).
    exchange.decoded = decodeResponse({
      operationId: op.id,
      httpStatus: response.status,
      body: response.json,
      rawText: response.json === undefined ? exchange.response.bodyText : response.bodyText,
      requestUrl: exchange.request.url,
      known,
    });
  }
  deps.sessionVersions?.record(exchange);
  return exchange;
}

async function adoptTokens(session: FinancingSession, response: HttpResponse, issuedAt: number, previousRefresh?: string): Promise<void> {
  if (response.status < 200 || response.status >= 300) return;
  const tokens = tokenSetFromResponse(response.json, issuedAt, previousRefresh);
  if (tokens) await session.adoptTokens(tokens);
}
