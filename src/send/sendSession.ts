/**
 * The send session: what surrounds every send, written once for every door (palette, tree, form,
 * request-file CodeLens, next steps, Orders view, History re-send, Test Explorer, CLI `run`). The
 * guard (clearToSend) asks the questions; around it the session applies the id policy (send/idPolicy.ts)
 * and claims the transaction id, keeps the last body and request, signs a financing call in when the
 * door does, records the order and the transaction's answer, and fans the exchange out to its
 * listeners (History, panels). Its lifecycle is exposed as hooks (send/hooks.ts), after httpYac's
 * engine: `beforeTransmit` sees and may change the URL ids just before the request is built,
 * `onExchange` gets every exchange once recorded. No vscode here: lint keeps every other caller of
 * clearToSend/sendOperation out (eslint.config.mjs, "one send session").
 */
import { getOperation } from '../catalogue';
import { createsTransaction } from '../catalogue/orderRole';
import type { PathParamName } from '../http';
import type { Environment } from '../environments/environment';
import type { Exchange } from './exchange';
import { clearToSend, type GuardedSendInput, type SendPort } from './guardedSend';
import { WaterfallHook, SeriesHook } from './hooks';
import { decideTransactionId, withAuthentication, type IdMode, type SentTransactions } from './idPolicy';
import type { LastSent } from './lastSent';
import { SendSetupError, type RunnerDeps } from './requestRunner';

type Params = Partial<Record<PathParamName, string>>;

/** One exchange as the session's listeners get it: `quiet` when its caller asked not to show it (tests, bulk sends). */
export interface SentExchange {
  exchange: Exchange;
  quiet: boolean;
}

/** What `beforeTransmit` hooks see: the ids about to be sent, after the id policy. */
export interface OutgoingIds {
  env: Environment;
  operationId: string;
  params: Params;
}

export interface SendSessionOptions {
  /** The door's connections, read at each send (the window's are rebuilt when an environment changes). */
  deps(): RunnerDeps;
  /** Transaction ids sent: shared by the window's doors, or one per flow run. */
  transactions: SentTransactions;
  /** The orders the door learns of (the window's order suggestions); a CLI run keeps none. */
  orders?: { record(e: Exchange): void };
  /** "Last body" and "Copy as cURL": the window's; none in flows and the CLI. */
  lastSent?: LastSent;
  /**
   * Signs a financing call in first, where the door does: in VS Code on the simulator (its partner
   * account is public), in every flow step (the environment's partner account).
   */
  signIn?: { when(env: Environment): boolean; run(env: Environment): Promise<void> };
  /** `door`: an id already used is replaced; `asWritten`: a flow file's ids go as written. */
  ids: IdMode;
  freshTransactionId(): string;
  /** Where the policy says why an id changed, and a failing listener is reported. */
  log?: { info(message: string): void; error(message: string): void };
}

export interface SessionSendInput extends Omit<GuardedSendInput, 'beforeTransmit'> {
  quiet?: boolean;
  /** The door's progress and cancellation around the request (a VS Code notification); the signal it gives is the send's. */
  around?(transmit: (signal?: AbortSignal) => Promise<Exchange>): PromiseLike<Exchange>;
}

export class SendSession {
  readonly hooks: { readonly beforeTransmit: WaterfallHook<OutgoingIds>; readonly onExchange: SeriesHook<SentExchange> };

  constructor(private readonly options: SendSessionOptions) {
    const report = (err: unknown, id: string) => options.log?.error(`${id}: ${err instanceof Error ? err.message : String(err)}`);
    this.hooks = { beforeTransmit: new WaterfallHook(), onExchange: new SeriesHook(report) };
  }

  get transactions(): SentTransactions {
    return this.options.transactions;
  }

  /**
   * One send: the body the id policy completes (a Pay after authentication), the guard's questions
   * (a declined one throws SendDeclined, nothing is sent or recorded), the transaction id claimed, the
   * sign-in, the request, then the records and the listeners. Resolves once every listener finished.
   */
  async send(port: SendPort, input: SessionSendInput): Promise<Exchange> {
    const { options } = this;
    const op = getOperation(input.operationId);
    if (!op) throw new SendSetupError(`Unknown operation "${input.operationId}".`);
    const { env } = input;
    const sentOnOrder = () => options.transactions.on(env.id, input.params?.orderId);
    const idRequest = { operationId: op.id, version: input.version, params: input.params ?? {}, body: input.body };
    const carried = withAuthentication(idRequest, sentOnOrder(), options.ids);
    this.note(carried.notes['authentication.transactionId']);
    const { quiet, around, ...guarded } = input;
    const cleared = await clearToSend(options.deps(), port, {
      ...guarded,
      body: carried.body,
      onSent: (request) => {
        options.lastSent?.noteRequest(request, env);
        input.onSent?.(request);
      },
      beforeTransmit: (params) => this.claim(env, op.id, input.version, params, carried.body),
    });
    // "Last body" offers what the person wrote: an authentication id the policy added belongs to this order only.
    if (input.body !== undefined) options.lastSent?.noteBody(op.id, input.body);
    if (op.auth === 'bearer' && options.signIn?.when(env)) await options.signIn.run(env);
    const exchange = around ? await around((signal) => cleared.transmit(signal)) : await cleared.transmit(input.signal);
    options.transactions.settle(exchange);
    options.orders?.record(exchange);
    await this.hooks.onExchange.trigger({ exchange, quiet: quiet ?? false });
    return exchange;
  }

  /** The id policy, then the hooks; the id that goes out is marked used before the request is built. */
  private claim(env: Environment, operationId: string, version: number | undefined, given: Params, body: unknown): Params {
    const { transactions, freshTransactionId, ids } = this.options;
    const decided = decideTransactionId({ operationId, version, params: given, body }, transactions.on(env.id, given.orderId), freshTransactionId, ids);
    this.note(decided.notes.transactionId);
    const out = this.hooks.beforeTransmit.trigger({ env, operationId, params: decided.params });
    if (out.params.transactionId !== undefined && createsTransaction(operationId)) transactions.claim(env.id, out.params.orderId, out.params.transactionId, operationId);
    return out.params;
  }

  private note(message: string | undefined): void {
    if (message) this.options.log?.info(message);
  }
}
