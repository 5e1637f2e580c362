import * as vscode from 'vscode';
import { markWalkthroughStep } from '../platform/walkthroughProgress';
import { environmentSchema, isLive, usesSimulatorCredentials, type EnvironmentInput } from '../environments/environment';
import type { StoredEnvironment } from '../features/environments/environmentStore';
import type { EnvNode } from '../features/environments/environmentsTree';
import { SECRET_LABELS, type SecretName } from '../secrets/secretKeys';
import { confirmDangerousAction } from '../host/dangerousAction';
import { pickEnvironment } from './pickers';
import { withPrompts, type Prompts } from './promptSequence';
import type { CoreServices } from '../host/services';
import { sentenceStart } from '../format/sentence';

type EnvArg = EnvNode | { environmentId: string; value?: string } | undefined;

/**
 * An environment given as data (scripts, tests): a plain object with a name. Anything else a menu
 * hands over (a title-bar click passes its own argument) means "ask", as from the palette.
 */
function environmentInputOf(arg: unknown): EnvironmentInput | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  if ('kind' in arg || typeof (arg as { name?: unknown }).name !== 'string') return undefined;
  return arg as EnvironmentInput;
}

/** The operation row of the tree a ▷ or ✎ was clicked on, as the arguments sendRequest and openForm take. */
function operationRowArgs(arg: unknown): { environmentId: string; operationId: string } | undefined {
  const node = arg as Partial<EnvNode> | undefined;
  if (node?.kind !== 'operation' || !('op' in node) || !node.env || !node.op) return undefined;
  return { environmentId: node.env.id, operationId: node.op.id };
}

/** Tree context menus pass a node, the palette nothing (then we ask), tests an id. */
async function resolveEnv(services: CoreServices, arg: EnvArg, placeHolder: string, prompts?: Prompts): Promise<StoredEnvironment | undefined> {
  if (arg && 'env' in arg) return services.environments.get(arg.env.id);
  if (arg && 'environmentId' in arg) return services.environments.get(arg.environmentId);
  return pickEnvironment(services, placeHolder, prompts);
}

async function askUrl(prompts: Prompts, title: string, value: string | undefined): Promise<string | undefined | null> {
  const v = await prompts.input({
    title,
    value: value ?? '',
    prompt: vscode.l10n.t('Leave empty if this environment does not use that API.'),
    validateInput: (s) => {
      if (!s) return undefined;
      try {
        const u = new URL(s);
        return /^https?:$/.test(u.protocol) ? undefined : vscode.l10n.t('must be an http(s) URL, got \'{0}\'', u.protocol);
      } catch {
        return vscode.l10n.t('not a URL: \'{0}\'', s);
      }
    },
  });
  return v === undefined ? null : v || undefined;
}

/** Asks for the fields a person edits most (in one widget); everything else stays as it was. Null = cancelled. */
function editFields(base: Partial<EnvironmentInput>): Promise<Partial<EnvironmentInput> | null> {
  return withPrompts((prompts) => askFields(prompts, base));
}

async function askFields(prompts: Prompts, base: Partial<EnvironmentInput>): Promise<Partial<EnvironmentInput> | null> {
  const name = await prompts.input({ title: vscode.l10n.t('Environment name'), value: base.name ?? '', validateInput: (s) => (s.trim() ? undefined : vscode.l10n.t('a name is needed')) });
  if (name === undefined) return null;
  const gatewayUrl = await askUrl(prompts, vscode.l10n.t('Gateway URL (e.g. https://test-gateway.mastercard.com)'), base.gatewayUrl);
  if (gatewayUrl === null) return null;
  const financingBaseUrl = await askUrl(prompts, vscode.l10n.t('Financing API base URL'), base.financingBaseUrl);
  if (financingBaseUrl === null) return null;
  let merchantId = base.merchantId;
  if (gatewayUrl) {
    const m = await prompts.input({
      title: vscode.l10n.t('Merchant id'),
      value: base.merchantId ?? '',
      prompt: vscode.l10n.t('Ids starting with TEST run against the gateway test system.'),
      validateInput: (s) => (/^[A-Za-z0-9_-]{1,40}$/.test(s) ? undefined : `merchantId: alphanumeric plus - and _, 1 to 40 characters, got '${s}'`),
    });
    if (m === undefined) return null;
    merchantId = m;
  }
  return { ...base, name: name.trim(), gatewayUrl, financingBaseUrl, merchantId };
}

function newId(name: string): string {
  return `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'env'}-${Date.now().toString(36)}`;
}

export function registerEnvironmentCommands(context: vscode.ExtensionContext, services: CoreServices): void {
  const envs = services.environments;
  const secrets = services.secrets;
  const run = (fn: (...args: never[]) => Promise<unknown>) => async (...args: never[]) => {
    try {
      return await fn(...args);
    } catch (err) {
      void vscode.window.showErrorMessage(sentenceStart(err instanceof Error ? err.message : String(err)));
      return undefined;
    }
  };
  /** `announce: false` when the caller's own notification says it was saved (one toast, not two). */
  const setSecret = async (arg: EnvArg, name: SecretName, announce = true) => {
    const given = arg && 'value' in arg ? arg.value : undefined;
    const answer = await withPrompts(async (prompts) => {
      const env = await resolveEnv(services, arg, vscode.l10n.t('Environment for the {0}', SECRET_LABELS[name]), prompts);
      if (!env) return undefined;
      const value = given ?? (await prompts.input({ title: `${env.name}: ${SECRET_LABELS[name]}`, password: true, prompt: vscode.l10n.t('Kept in VS Code secret storage only.') }));
      return value === undefined ? undefined : { env, value };
    });
    if (!answer) return;
    const { env, value } = answer;
    await secrets.set(env, name, value);
    if (name === 'gatewayApiPassword' && value !== '') void markWalkthroughStep(context.globalState, 'passwordStored');
    if (given === undefined && announce) void vscode.window.showInformationMessage(vscode.l10n.t('{0} saved for {1}.', SECRET_LABELS[name], env.name));
    return true;
  };

  /** The only way an environment becomes active; a LIVE one only after a question whose default is "no". */
  const makeActive = async (env: StoredEnvironment): Promise<boolean> => {
    if (envs.active()?.id === env.id) return true;
    if (isLive(env)) {
      const switchToLive = await confirmDangerousAction({
        message: vscode.l10n.t('Make "{0}" the active environment? It is LIVE: real money can move.', env.name),
        detail: vscode.l10n.t('Money-moving operations still ask before each send. Merchant {0}, {1}', env.merchantId ?? vscode.l10n.t('(none)'), env.gatewayUrl ?? env.financingBaseUrl ?? ''),
        safe: vscode.l10n.t('Stay on Current'),
        action: vscode.l10n.t('Switch to LIVE'),
      });
      if (!switchToLive) return false;
    }
    await envs.setActive(env.id);
    return true;
  };

  /** The end of Add Environment: store its password now, and a notification whose buttons do the next thing. */
  const offerNextAfterAdding = async (env: { id: string; name: string; gatewayUrl?: string; gatewayAuth?: string }): Promise<void> => {
    const needsPassword = env.gatewayUrl !== undefined && env.gatewayAuth !== 'certificate' && !(await secrets.get(env.id, 'gatewayApiPassword'));
    const SET_PASSWORD = vscode.l10n.t('Set {0}…', SECRET_LABELS.gatewayApiPassword);
    const MAKE_ACTIVE = vscode.l10n.t('Make Active');
    const choice = await vscode.window.showInformationMessage(vscode.l10n.t('Environment "{0}" added.', env.name), ...(needsPassword ? [SET_PASSWORD] : []), MAKE_ACTIVE);
    if (choice === SET_PASSWORD) {
      const stored = await setSecret({ environmentId: env.id }, 'gatewayApiPassword', false);
      if (stored && envs.active()?.id !== env.id) {
        const next = await vscode.window.showInformationMessage(vscode.l10n.t('{0} saved for {1}.', SECRET_LABELS.gatewayApiPassword, env.name), MAKE_ACTIVE);
        if (next === MAKE_ACTIVE) await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: env.id });
      }
    } else if (choice === MAKE_ACTIVE) {
      await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: env.id });
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('paymentWorkbench.activateEnvironment', run(async (arg: EnvArg) => {
      const env = await resolveEnv(services, arg, vscode.l10n.t('Environment to make active'));
      return env ? makeActive(env) : false;
    })),
    vscode.commands.registerCommand('paymentWorkbench.switchEnvironment', run(async () => {
      const env = await pickEnvironment(services, vscode.l10n.t('Switch the active environment'));
      return env ? makeActive(env) : false;
    })),
    vscode.commands.registerCommand('paymentWorkbench.addEnvironment', run(async (arg?: unknown) => {
      const input = environmentInputOf(arg);
      const fields = input ?? (await editFields({ gatewayAuth: 'basic', timeoutMs: 30_000 }));
      if (!fields) return undefined;
      const env = await envs.save({ ...fields, id: fields.id ?? newId(fields.name ?? 'env') } as EnvironmentInput);
      void markWalkthroughStep(context.globalState, 'environmentAdded');
      // Adding never switches: the active environment decides where requests go.
      if (!input) void offerNextAfterAdding(env);
      return env;
    })),
    vscode.commands.registerCommand('paymentWorkbench.tree.sendOperation', (arg: unknown) => {
      const row = operationRowArgs(arg);
      return vscode.commands.executeCommand('paymentWorkbench.sendRequest', row);
    }),
    vscode.commands.registerCommand('paymentWorkbench.tree.openOperationForm', (arg: unknown) => {
      const row = operationRowArgs(arg);
      return vscode.commands.executeCommand('paymentWorkbench.openForm', row);
    }),
    vscode.commands.registerCommand('paymentWorkbench.editEnvironment', run(async (arg: EnvArg) => {
      const env = await resolveEnv(services, arg, vscode.l10n.t('Environment to edit'));
      if (!env) return;
      const { source, ...data } = env;
      const fields = await editFields(data);
      if (!fields) return;
      const edited = { ...data, ...fields } as EnvironmentInput;
      // Pointed away from this machine, it no longer gets the simulator's test credentials.
      const parsed = environmentSchema.safeParse(edited);
      await envs.save(edited.simulator && parsed.success ? { ...edited, simulator: usesSimulatorCredentials(parsed.data) } : edited, source);
    })),
    vscode.commands.registerCommand('paymentWorkbench.duplicateEnvironment', run(async (arg: EnvArg) => {
      const env = await resolveEnv(services, arg, vscode.l10n.t('Environment to duplicate'));
      if (!env) return;
      const { source: _s, ...data } = env;
      // A copy of a simulator environment still points at the simulator: it keeps its public test credentials.
      const copy = await envs.save({ ...data, id: newId(env.name), name: vscode.l10n.t('{0} (copy)', env.name), simulator: usesSimulatorCredentials(env) });
      await secrets.copyAll(env.id, copy.id);
      return copy;
    })),
    vscode.commands.registerCommand('paymentWorkbench.deleteEnvironment', run(async (arg: EnvArg & { confirmed?: boolean }) => {
      const env = await resolveEnv(services, arg, vscode.l10n.t('Environment to delete'));
      if (!env) return;
      if (!(arg && 'confirmed' in arg && arg.confirmed)) {
        const DELETE = vscode.l10n.t('Delete');
        const ok = await vscode.window.showWarningMessage(vscode.l10n.t('Delete "{0}" and its stored passwords and tokens?', env.name), { modal: true }, DELETE);
        if (ok !== DELETE) return;
      }
      await envs.remove(env.id);
      await secrets.deleteAll(env.id);
    })),
    vscode.commands.registerCommand('paymentWorkbench.setGatewayPassword', run((arg: EnvArg) => setSecret(arg, 'gatewayApiPassword'))),
    vscode.commands.registerCommand('paymentWorkbench.setCertificatePassphrase', run((arg: EnvArg) => setSecret(arg, 'certificatePassphrase'))),
  );
}
