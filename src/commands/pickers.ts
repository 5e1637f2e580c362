import * as vscode from 'vscode';
import { getOperation, operations, type OperationDef } from '../catalogue/operations';
import { rangeLabel } from '../catalogue/versions';
import { isLive } from '../send/environment';
import type { StoredEnvironment } from '../features/environments/environmentStore';
import type { CoreServices } from './services';

export async function pickEnvironment(services: Pick<CoreServices, 'environments'>, placeHolder = 'Environment'): Promise<StoredEnvironment | undefined> {
  const active = services.environments.active();
  const items = services.environments.list().map((env) => ({
    label: env.name,
    description: [env.id === active?.id ? 'active' : '', isLive(env) ? 'LIVE' : 'test'].filter(Boolean).join(' · '),
    detail: [env.gatewayUrl, env.financingBaseUrl].filter((u, i, a) => u && a.indexOf(u) === i).join('  ·  '),
    env,
  }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder, matchOnDetail: true });
  return picked?.env;
}

/** Operations the environment can reach (all of them without an environment). */
export async function pickOperation(env: StoredEnvironment | undefined, placeHolder = `Operation to send to ${env?.name ?? ''}`): Promise<OperationDef | undefined> {
  const available = env ? operations.filter((op) => (op.api === 'financing' ? env.financingBaseUrl : env.gatewayUrl)) : operations;
  const items: (vscode.QuickPickItem & { op?: OperationDef })[] = [];
  for (const api of ['gateway', 'financing'] as const) {
    const ops = available.filter((o) => o.api === api);
    if (!ops.length) continue;
    items.push({ label: api === 'gateway' ? 'Card gateway' : 'Financing API', kind: vscode.QuickPickItemKind.Separator });
    for (const op of ops) items.push({ label: op.title, description: rangeLabel(op), detail: op.purpose, op });
  }
  const picked = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true });
  return picked?.op;
}

export function operationOrThrow(id: string): OperationDef {
  const op = getOperation(id);
  if (!op) throw new Error(`Unknown operation "${id}".`);
  return op;
}
