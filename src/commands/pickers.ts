import * as vscode from 'vscode';
import { getOperation, type OperationDef } from '../catalogue/operations';
import { rangeLabel } from '../catalogue/versions';
import { isLive } from '../environments/environment';
import type { StoredEnvironment } from '../features/environments/environmentStore';
import { operationGroups } from '../features/environments/operationOrder';
import type { CoreServices } from '../host/services';
import { withPrompts, type Prompts } from './promptSequence';

/** `prompts`: the command's own widget when it asks more than this (Send Request…); else a widget of its own. */
export async function pickEnvironment(services: Pick<CoreServices, 'environments'>, placeHolder = vscode.l10n.t('Environment'), prompts?: Prompts): Promise<StoredEnvironment | undefined> {
  const active = services.environments.active();
  const items = services.environments.list().map((env) => ({
    label: env.name,
    description: [env.id === active?.id ? vscode.l10n.t('active') : '', isLive(env) ? 'LIVE' : vscode.l10n.t('test')].filter(Boolean).join(' · '),
    detail: [env.gatewayUrl, env.financingBaseUrl].filter((u, i, a) => u && a.indexOf(u) === i).join('  ·  '),
    env,
  }));
  const picked = await (prompts ? prompts.pick(items, { placeHolder, matchOnDetail: true }) : withPrompts((p) => p.pick(items, { placeHolder, matchOnDetail: true })));
  return picked?.env;
}

/** Operations the environment can reach (all of them without an environment). */
export async function pickOperation(env: StoredEnvironment | undefined, placeHolder = vscode.l10n.t('Operation to send to {0}', env?.name ?? ''), prompts?: Prompts): Promise<OperationDef | undefined> {
  const items: (vscode.QuickPickItem & { op?: OperationDef })[] = [];
  for (const api of ['gateway', 'financing'] as const) {
    if (env && !(api === 'financing' ? env.financingBaseUrl : env.gatewayUrl)) continue;
    // The Environments tree's order: the payment's life, then sessions and saved cards apart.
    for (const group of operationGroups(api)) {
      items.push({ label: group.id === 'sessions' || group.id === 'tokens' ? vscode.l10n.t('Card gateway · {0}', group.label) : group.label, kind: vscode.QuickPickItemKind.Separator });
      for (const op of group.operations) items.push({ label: op.title, description: rangeLabel(op), detail: op.purpose, op });
    }
  }
  const picked = await (prompts ? prompts.pick(items, { placeHolder, matchOnDescription: true }) : withPrompts((p) => p.pick(items, { placeHolder, matchOnDescription: true })));
  return picked?.op;
}

export function operationOrThrow(id: string): OperationDef {
  const op = getOperation(id);
  if (!op) throw new Error(vscode.l10n.t('Unknown operation "{0}".', id));
  return op;
}
