import type { InboxControl } from '../features/notifications/inboxControl';
import type * as vscode from 'vscode';
import type { EnvironmentStore } from '../features/environments/environmentStore';
import type { Credentials } from '../credentials/credentials';
import type { SecretStore } from '../secrets/secretStore';
import type { LastSent } from '../send/lastSent';
import type { OrderLedger } from '../orders/answers/ledger';
import type { SentTransactions } from '../send/idPolicy';
import type { Connections } from '../send/connections';
import type { SendPort } from '../send/guardedSend';
import type { SimulatorControl } from './simulatorControl';

/**
 * The services activate() builds, in this order, before anything uses them. None loads the HTTP
 * client, zod or the catalogue: the views and the environment commands run on these alone.
 */
export interface CoreServices {
  readonly log: vscode.LogOutputChannel;
  readonly secrets: SecretStore;
  readonly credentials: Credentials;
  readonly simulator: SimulatorControl;
  readonly environments: EnvironmentStore;
  /** The local inbox of webhooks and callbacks (Notifications view, flows, forms). */
  readonly inbox: InboxControl;
}

/** What the feature bundle adds when a request is first built or sent. */
export interface SendingServices extends CoreServices {
  readonly connections: Connections;
  /** The orders sent in this window, for the order a follow-up is offered. */
  readonly orders: OrderLedger;
  /** Transaction ids already sent, shared by forms, request files and the palette: none is sent twice. */
  readonly transactions: SentTransactions;
  readonly lastSent: LastSent;
  /** Where the send path's questions go: VS Code's modals (the integration tests put a recording port here). */
  readonly questions: { port: SendPort };
}
