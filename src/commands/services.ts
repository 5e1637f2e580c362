import * as vscode from 'vscode';
import { FinancingSession } from '../auth';
import { usesSimulatorCredentials, type Environment } from '../send/environment';
import { EnvironmentStore, type StoredEnvironment } from '../environments/environmentStore';
import { transportFor } from '../environments/transport';
import { HttpClient, type OutgoingRequest } from '../http';
import { SecretStore } from '../secrets/secretStore';
import type { SecretName } from '../secrets/secretKeys';
import { SIMULATOR_DEFAULTS } from '../simulator';
import { OrderLedger, TransactionLedger } from '../send/orders';
import type { RunnerDeps } from '../send/requestRunner';
import { SimulatorControl } from './simulatorControl';

/**
 * The extension's long-lived objects, created once in activate(). One HTTP client and one financing
 * session per environment, dropped when the environment changes so new settings take effect.
 */
export class Services implements vscode.Disposable {
  readonly secrets: SecretStore;
  readonly environments: EnvironmentStore;
  readonly simulator: SimulatorControl;
  readonly log: vscode.LogOutputChannel;
  private readonly clients = new Map<string, Promise<HttpClient>>();
  private readonly sessions = new Map<string, Promise<FinancingSession>>();
  private readonly sessionChanged = new vscode.EventEmitter<string>();
  readonly onDidChangeSession = this.sessionChanged.event;
  /** The last request exactly as sent, secrets included: memory only, for "Copy as cURL (with secrets)". */
  lastRequest: { request: OutgoingRequest; env: Environment } | undefined;
  lastBody = new Map<string, unknown>();
  /** The orders sent in this window, for the order a follow-up is offered. */
  readonly orders = new OrderLedger();
  /** Transaction ids already sent, shared by forms, request files and the palette: none is sent twice. */
  readonly transactions = new TransactionLedger();

  constructor(context: vscode.ExtensionContext) {
    this.log = vscode.window.createOutputChannel('Payment Workbench', { log: true });
    this.secrets = new SecretStore(context.secrets);
    this.simulator = new SimulatorControl(this.log);
    this.environments = new EnvironmentStore(context.globalState, () => this.simulator.port);
    context.subscriptions.push(
      this.environments.onDidChange(() => this.dropConnections()),
      this.secrets.onDidChange((e) => {
        if (e.name === 'certificatePassphrase') this.dropConnections(e.environmentId);
        if (e.name === 'financingTokens') this.sessionChanged.fire(e.environmentId);
      }),
    );
  }

  client(env: Environment): Promise<HttpClient> {
    let c = this.clients.get(env.id);
    if (!c) {
      c = (async () => new HttpClient(await transportFor(env, await this.secrets.get(env.id, 'certificatePassphrase'))))();
      c.catch(() => this.clients.delete(env.id));
      this.clients.set(env.id, c);
    }
    return c;
  }

  session(env: Environment): Promise<FinancingSession> {
    let s = this.sessions.get(env.id);
    if (!s) {
      s = this.client(env).then(
        (client) => new FinancingSession({ baseUrl: env.financingBaseUrl ?? '', client, store: this.secrets.tokenStore(env.id), timeoutMs: env.timeoutMs }),
      );
      s.catch(() => this.sessions.delete(env.id));
      this.sessions.set(env.id, s);
    }
    return s;
  }

  runnerDeps(): RunnerDeps {
    return {
      client: (env) => this.client(env),
      session: (env) => this.session(env),
      tokenStore: (env) => this.secrets.tokenStore(env.id),
      secret: (env, name) => this.secretOrDefault(env, name),
    };
  }

  /** The "Local simulator" environment works with one click: its well-known test credentials are the fallback. */
  async secretOrDefault(env: Environment, name: SecretName): Promise<string | undefined> {
    const stored = await this.secrets.get(env.id, name);
    if (stored !== undefined || !usesSimulatorCredentials(env)) return stored;
    const defaults: Partial<Record<SecretName, string>> = {
      gatewayApiPassword: SIMULATOR_DEFAULTS.apiPassword,
      partnerEmail: SIMULATOR_DEFAULTS.partnerEmail,
      partnerPassword: SIMULATOR_DEFAULTS.partnerPassword,
    };
    return defaults[name];
  }

  requireActive(): StoredEnvironment {
    const env = this.environments.active();
    if (!env) throw new Error('No environment: add one in the Environments view.');
    return env;
  }

  private dropConnections(environmentId?: string): void {
    for (const [id, c] of this.clients) {
      if (environmentId && id !== environmentId) continue;
      this.clients.delete(id);
      void c.then((client) => client.close()).catch(() => undefined);
    }
    if (!environmentId) this.sessions.clear();
    else this.sessions.delete(environmentId);
  }

  dispose(): void {
    this.dropConnections();
    this.sessionChanged.dispose();
    this.secrets.dispose();
    this.environments.dispose();
    void this.simulator.stop();
    this.log.dispose();
  }
}
