import * as vscode from 'vscode';
import type { OperationDef } from '../../catalogue/operations';
import { rangeLabel } from '../../catalogue/versions';
import { isLive } from '../../environments/environment';
import type { EnvironmentStore, StoredEnvironment } from './environmentStore';
import { operationGroups, type OperationGroupId } from './operationOrder';

export type EnvNode =
  /** Restricted Mode in one row above the environments: its explanation in the tooltip, a click manages trust. */
  | { kind: 'restricted' }
  | { kind: 'environment'; env: StoredEnvironment }
  | { kind: 'api'; env: StoredEnvironment; api: OperationDef['api'] }
  /** Sessions and saved cards, apart from the payment's own operations. */
  | { kind: 'group'; env: StoredEnvironment; api: OperationDef['api']; group: OperationGroupId; label: string }
  | { kind: 'operation'; env: StoredEnvironment; op: OperationDef };

interface AuthState {
  signedIn: boolean;
  expiresAt: number | undefined;
}

export const RESTRICTED_ROW = vscode.l10n.t('Restricted Mode: nothing is sent');
export const RESTRICTED_EXPLANATION = vscode.l10n.t("Restricted Mode: nothing is sent, no simulator or inbox starts, and this workspace's environments file is not read until you trust the workspace (Manage Workspace Trust). Forms and validation work.");

/** One row, so the environments stay in view under it; the whole story in its tooltip. */
function restrictedItem(): vscode.TreeItem {
  const item = new vscode.TreeItem(RESTRICTED_ROW, vscode.TreeItemCollapsibleState.None);
  item.iconPath = new vscode.ThemeIcon('shield');
  item.tooltip = RESTRICTED_EXPLANATION;
  item.command = { command: 'workbench.trust.manage', title: vscode.l10n.t('Manage Workspace Trust') };
  item.contextValue = 'restrictedMode';
  return item;
}

const API_LABEL: Record<OperationDef['api'], string> = { financing: vscode.l10n.t('Financing API'), gateway: vscode.l10n.t('Card gateway') };

/** Environments, each with its operations grouped by API; the active one marked, auth state shown. */
export class EnvironmentsTree implements vscode.TreeDataProvider<EnvNode> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private authStates = new Map<string, AuthState>();

  constructor(
    private readonly store: EnvironmentStore,
    private readonly authState: (env: StoredEnvironment) => Promise<AuthState>,
    /** True while the workspace is not trusted (Restricted Mode). */
    private readonly restricted: () => boolean = () => false,
  ) {}

  refresh(): void {
    this.authStates.clear();
    this.changed.fire();
  }

  async getChildren(node?: EnvNode): Promise<EnvNode[]> {
    if (!node) {
      const envs = this.store.list();
      await Promise.all(envs.map(async (env) => this.authStates.set(env.id, await this.authState(env))));
      const rows: EnvNode[] = envs.map((env) => ({ kind: 'environment', env }));
      return this.restricted() ? [{ kind: 'restricted' }, ...rows] : rows;
    }
    if (node.kind === 'environment') {
      const apis: OperationDef['api'][] = [];
      if (node.env.financingBaseUrl) apis.push('financing');
      if (node.env.gatewayUrl) apis.push('gateway');
      return apis.map((api) => ({ kind: 'api', env: node.env, api }));
    }
    if (node.kind === 'api') {
      // The API's first group (the payment's life) lists its operations at once; the others are folders after them.
      const [first, ...others] = operationGroups(node.api);
      return [
        ...(first?.operations ?? []).map((op): EnvNode => ({ kind: 'operation', env: node.env, op })),
        ...others.map((g): EnvNode => ({ kind: 'group', env: node.env, api: node.api, group: g.id, label: g.label })),
      ];
    }
    if (node.kind === 'group') {
      const group = operationGroups(node.api).find((g) => g.id === node.group);
      return (group?.operations ?? []).map((op) => ({ kind: 'operation', env: node.env, op }));
    }
    return [];
  }

  getTreeItem(node: EnvNode): vscode.TreeItem {
    if (node.kind === 'restricted') return restrictedItem();
    if (node.kind === 'environment') return this.environmentItem(node.env);
    if (node.kind === 'api') {
      const item = new vscode.TreeItem(API_LABEL[node.api], vscode.TreeItemCollapsibleState.Collapsed);
      item.iconPath = new vscode.ThemeIcon(node.api === 'financing' ? 'law' : 'credit-card');
      item.description = node.api === 'financing' ? node.env.financingBaseUrl : node.env.gatewayUrl;
      item.contextValue = `api.${node.api}`;
      return item;
    }
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
      item.iconPath = new vscode.ThemeIcon(node.group === 'tokens' ? 'key' : 'symbol-namespace');
      item.contextValue = 'operationGroup';
      return item;
    }
    const item = new vscode.TreeItem(node.op.title, vscode.TreeItemCollapsibleState.None);
    item.description = rangeLabel(node.op) || node.op.method;
    item.tooltip = new vscode.MarkdownString(`**${node.op.title}**\n\n${node.op.purpose}\n\n\`${node.op.method} ${node.op.pathTemplate}\``);
    item.iconPath = new vscode.ThemeIcon(node.op.moneyMoving ? 'arrow-swap' : 'symbol-method');
    item.contextValue = 'operation';
    // A click opens the form; sending straight away is the inline play button.
    item.command = { command: 'paymentWorkbench.openForm', title: vscode.l10n.t('Open Form'), arguments: [{ environmentId: node.env.id, operationId: node.op.id }] };
    return item;
  }

  private environmentItem(env: StoredEnvironment): vscode.TreeItem {
    const active = this.store.active()?.id === env.id;
    const live = isLive(env);
    const auth = this.authStates.get(env.id);
    const item = new vscode.TreeItem(env.name, active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `env:${env.id}`;
    const parts = [active ? vscode.l10n.t('active') : undefined, live ? vscode.l10n.t('LIVE') : vscode.l10n.t('test'), authText(auth)].filter(Boolean);
    item.description = parts.join(' · ');
    item.iconPath = new vscode.ThemeIcon(active ? 'pass-filled' : 'circle-large-outline', live ? new vscode.ThemeColor('charts.red') : undefined);
    item.tooltip = new vscode.MarkdownString(
      [
        `**${env.name}**${live ? vscode.l10n.t(' — **LIVE**: money-moving operations ask for confirmation') : vscode.l10n.t(' — test')}`,
        env.financingBaseUrl ? vscode.l10n.t('- Financing: `{0}`', env.financingBaseUrl) : undefined,
        env.gatewayUrl ? env.gatewayAuth === 'certificate' ? vscode.l10n.t('- Gateway: `{0}` (certificate authentication)', env.gatewayUrl) : vscode.l10n.t('- Gateway: `{0}` (HTTP Basic authentication)', env.gatewayUrl) : undefined,
        env.merchantId ? vscode.l10n.t('- Merchant: `{0}`', env.merchantId) : undefined,
        env.source === 'workspace' ? vscode.l10n.t('- Stored in: the workspace file') : vscode.l10n.t('- Stored in: your user profile'),
      ]
        .filter(Boolean)
        .join('\n'),
    );
    item.contextValue = ['environment', active ? 'active' : 'inactive', auth?.signedIn ? 'signedIn' : 'signedOut', env.financingBaseUrl ? 'financing' : '', env.gatewayUrl ? 'gateway' : ''].filter(Boolean).join('.');
    // No click command: a click selects or expands the row; making it active is the explicit "Make Active".
    return item;
  }
}

function authText(auth: AuthState | undefined): string | undefined {
  if (!auth) return undefined;
  if (!auth.signedIn) return undefined;
  if (auth.expiresAt === undefined) return vscode.l10n.t('signed in');
  const minutes = Math.round((auth.expiresAt - Date.now()) / 60_000);
  return minutes > 0 ? vscode.l10n.t('signed in, token expires in {0} min', minutes) : vscode.l10n.t('signed in, token expired (refreshes on next call)');
}
