/**
 * The open operation forms, one per operation and environment: opening a form that is already open
 * reveals it (with the new body, if one was given) instead of opening another tab.
 * Registers the commands that open forms and the serializer that brings them back after a reload.
 */
import * as vscode from 'vscode';
import { exampleBody, getOperation, parseRequestFile, type OperationDef, type OperationId } from '../../../catalogue';
import { freshOrderId, suggestedIds } from '../../../commands/idSuggestions';
import { operationOrThrow, pickOperation } from '../../../commands/pickers';
import { orderIdOf, withFreshBodyIds, withSimulatorReturnPages } from '../../../commands/payerReturnPages';
import { formStateSchema, type FieldNotes, type FormState } from '../protocol';
import type { StoredEnvironment } from '../../environments/environmentStore';
import { formBodyOf, whyNotFormBody } from './credentialFields';
import { FORM_VIEW_TYPE } from '../../../platform/webviewTypes';
import { openOwnFile } from '../../../platform/requestFiles';
import { sentenceStart } from '../../../format/sentence';
import { FormPanel, formTitle, type FormPanelHost } from './formPanel';
import { panelOptions } from '../../shared/host/panelHtml';

const OPEN_FORM_COMMAND = 'paymentWorkbench.openForm';
const OPEN_REQUEST_FILE_IN_FORM_COMMAND = 'paymentWorkbench.openRequestFileInForm';

/** What the tree, the palette, request files, history and the response panel pass; anything missing is asked for or defaulted. */
export interface OpenFormArgs {
  operationId?: string;
  version?: number;
  environmentId?: string;
  body?: unknown;
  params?: Record<string, string>;
  /** Notes beside fields (history: "card data is not kept…"); the first noted field is shown. */
  fieldNotes?: FieldNotes;
}

export class FormPanels implements vscode.Disposable {
  private readonly open = new Set<FormPanel>();

  constructor(private readonly host: FormPanelHost) {}

  register(context: vscode.ExtensionContext): void {
    context.subscriptions.push(
      this,
      vscode.commands.registerCommand(OPEN_FORM_COMMAND, (args?: OpenFormArgs) => this.openForm(args ?? {})),
      vscode.commands.registerCommand(OPEN_REQUEST_FILE_IN_FORM_COMMAND, (uri?: vscode.Uri) => this.openRequestFile(uri)),
    );
  }

  /** A form VS Code restores after a reload (the serializer is registered at activation, see extension.ts). */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const parsed = formStateSchema.safeParse(state);
    if (!parsed.success || !getOperation(parsed.data.operationId) || this.find(parsed.data.operationId, parsed.data.environmentId)) {
      panel.dispose();
      return;
    }
    this.adopt(panel, parsed.data);
  }

  /** The open form of an operation: the one for `environmentId` when given, else any. */
  get(operationId: string, environmentId?: string): FormPanel | undefined {
    return environmentId === undefined ? [...this.open].find((f) => f.operationId === operationId) : this.find(operationId, environmentId);
  }

  /** Matched on the environment the form sends to now: a form switched to another environment becomes that environment's form. */
  private find(operationId: string, environmentId: string | undefined): FormPanel | undefined {
    return [...this.open].find((f) => f.operationId === operationId && f.environmentId === environmentId);
  }

  async openForm(args: OpenFormArgs): Promise<FormPanel | undefined> {
    const envs = this.host.services.environments;
    const op: OperationDef | undefined = args.operationId ? operationOrThrow(args.operationId) : await pickOperation(envs.active(), vscode.l10n.t('Operation to open in a form'));
    if (!op) return undefined;
    const body = formBodyOf(args.body);
    if (args.body !== undefined && !body) {
      void vscode.window.showErrorMessage(vscode.l10n.t('{0}: this body cannot be opened in a form ({1}).', op.title, whyNotFormBody(args.body) ?? vscode.l10n.t('not a JSON object')));
      return undefined;
    }
    const env = (args.environmentId ? envs.get(args.environmentId) : undefined) ?? envs.active();
    const existing = this.find(op.id, env?.id);
    if (existing) {
      existing.reveal();
      // Given ids replace the form's; the others (a fresh transaction id) stay.
      if (body) existing.setBody(body, args.params && { ...existing.snapshot().state.params, ...args.params }, 'request', args.fieldNotes);
      else if (args.params) existing.setParams(args.params);
      const noted = firstNoted(args.fieldNotes);
      if (noted) existing.focusField(noted);
      return existing;
    }
    const version = args.version ?? env?.versions?.[op.id] ?? op.defaultVersion;
    const ids = suggestedIds(op, env?.id, this.host.services);
    const given = Object.keys(args.params ?? {});
    const state: FormState = {
      operationId: op.id,
      ...(version !== undefined ? { version } : {}),
      ...(env ? { environmentId: env.id } : {}),
      params: { ...ids.params, ...args.params },
      body: body ?? (await this.startingBody(op, version, env, { ...ids.params, ...args.params })),
      ...(firstNoted(args.fieldNotes) ? { ui: { focusPath: firstNoted(args.fieldNotes) } } : {}),
    };
    const notes = Object.fromEntries(Object.entries(ids.notes).filter(([name]) => !given.includes(name)));
    const panel = vscode.window.createWebviewPanel(FORM_VIEW_TYPE, formTitle(op, version), vscode.ViewColumn.Active, panelOptions(this.host.extensionUri));
    return this.adopt(panel, state, notes, args.fieldNotes);
  }

  /**
   * The catalogue's example with fresh ids where its body creates one (Initiate Checkout's order.id) and,
   * on the simulator, the simulator's return page where the payer comes back; a Login form starts with
   * the environment's own account, not the example's.
   */
  private async startingBody(op: OperationDef, version: number | undefined, env: StoredEnvironment | undefined, params: Record<string, string>): Promise<FormState['body']> {
    const fresh = withFreshBodyIds(op, version, formBodyOf(exampleBody(op.id as OperationId, version)) ?? {}, freshOrderId).body;
    const example = env ? withSimulatorReturnPages(op, version, fresh, env, orderIdOf(op, version, params, fresh)) : fresh;
    if (op.id !== 'financing.login' || !env) return example;
    const email = await this.host.services.credentials.withoutAsking(env, 'partnerEmail');
    const { email: _example, ...rest } = example;
    return email ? { ...rest, email } : rest;
  }

  private async openRequestFile(uri?: vscode.Uri): Promise<FormPanel | undefined> {
    // Judged by its size before it is opened or parsed, as the CLI and Send judge it.
    const doc = await openOwnFile(uri, 'request');
    if (!doc) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Open a .payreq.json request file first.'));
      return undefined;
    }
    if ('problem' in doc) {
      const message = `${uri ? vscode.workspace.asRelativePath(uri) : vscode.l10n.t('The request file')}: (file): ${doc.problem}`;
      this.host.services.log.warn(message);
      void vscode.window.showErrorMessage(sentenceStart(message));
      return undefined;
    }
    const parsed = parseRequestFile(doc.getText());
    if (!parsed.ok) {
      void vscode.window.showErrorMessage(`${vscode.workspace.asRelativePath(doc.uri)}: ${parsed.message}`);
      return undefined;
    }
    const { file } = parsed;
    const params = Object.fromEntries(Object.entries(file.params ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return this.openForm({ operationId: file.operation, ...(file.version !== undefined ? { version: file.version } : {}), body: file.body ?? {}, params });
  }

  private adopt(panel: vscode.WebviewPanel, state: FormState, paramNotes?: Record<string, string>, fieldNotes?: FieldNotes): FormPanel {
    const form = new FormPanel(panel, this.host, state, () => this.open.delete(form), paramNotes, fieldNotes);
    this.open.add(form);
    return form;
  }

  /** Every open form's state and field notes, for the integration tests. */
  snapshot(): { state: FormState; fieldNotes: FieldNotes }[] {
    return [...this.open].map((f) => f.snapshot());
  }

  dispose(): void {
    for (const f of this.open.values()) f.dispose();
    this.open.clear();
  }
}

function firstNoted(notes: FieldNotes | undefined): string | undefined {
  return notes ? Object.keys(notes)[0] : undefined;
}
