import { requireTrust, showFailure } from '../platform/workspaceTrust';
import * as vscode from 'vscode';
import { SignInFailed, SignInRequired } from '../auth';
import { usesSimulatorCredentials } from '../environments/environment';
import type { StoredEnvironment } from '../features/environments/environmentStore';
import type { EnvNode } from '../features/environments/environmentsTree';
import { pickEnvironment } from './pickers';
import { withPrompts, type Prompts } from './promptSequence';
import type { SendingServices } from '../host/services';

type EnvArg = EnvNode | { environmentId: string; email?: string; password?: string } | undefined;

async function financingEnv(services: SendingServices, arg: EnvArg, prompts?: Prompts): Promise<StoredEnvironment | undefined> {
  const env = arg && 'env' in arg ? arg.env : arg && 'environmentId' in arg ? services.environments.get(arg.environmentId) : services.environments.active()?.financingBaseUrl ? services.environments.active() : await pickEnvironment(services, vscode.l10n.t('Financing environment'), prompts);
  if (env && !env.financingBaseUrl) throw new Error(vscode.l10n.t('"{0}" has no financing base URL.', env.name));
  return env;
}

/** Sign in / out / refresh for the financing API; e-mail and password are kept in SecretStorage only. */
export function registerAuthCommands(context: vscode.ExtensionContext, services: SendingServices, onChange: () => void): void {
  const guard = (fn: (arg: EnvArg) => Promise<unknown>) => async (arg: EnvArg) => {
    try {
      requireTrust(vscode.l10n.t('signing in to the financing API'), { keepsInput: true });
      return await fn(arg);
    } catch (err) {
      showFailure(err, err instanceof SignInRequired ? vscode.l10n.t('{0} Run "Payment Workbench: Sign In to Financing API".', err.message) : undefined);
      return undefined;
    } finally {
      onChange();
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('paymentWorkbench.signIn', guard(async (arg) => {
      // Environment, e-mail and password in one widget (promptSequence.ts: a focused form must not close it).
      const answers = await withPrompts(async (prompts) => {
        const env = await financingEnv(services, arg, prompts);
        if (!env) return undefined;
        const given = arg && 'environmentId' in arg ? arg : undefined;
        // Shown in the prompts only when stored for this host: a prompt asks nothing about hosts, the sign-in sends what was typed.
        const storedEmail = await services.credentials.withoutAsking(env, 'partnerEmail');
        const storedPassword = usesSimulatorCredentials(env) ? await services.credentials.withoutAsking(env, 'partnerPassword') : undefined;
        const email = given?.email ?? (await prompts.input({ title: vscode.l10n.t('Sign in to {0}: partner e-mail', env.name), value: storedEmail ?? '', validateInput: (s) => (/^\S+@\S+$/.test(s) ? undefined : vscode.l10n.t('email: not an e-mail address: \'{0}\'', s)) }));
        if (!email) return undefined;
        const password = given?.password ?? (await prompts.input({ title: vscode.l10n.t('Sign in to {0}: password', env.name), password: true, ...(storedPassword ? { value: storedPassword } : {}) }));
        return password ? { env, email, password } : undefined;
      });
      if (!answers) return undefined;
      const { env, email, password } = answers;
      const session = await services.connections.session(env);
      try {
        const state = await session.signIn(email, password);
        await services.secrets.set(env, 'partnerEmail', email);
        await services.secrets.set(env, 'partnerPassword', password);
        void vscode.window.showInformationMessage(vscode.l10n.t('Signed in to {0}.', env.name));
        return state;
      } catch (err) {
        if (err instanceof SignInFailed) throw new Error(vscode.l10n.t('Sign-in to {0} failed: {1}', env.name, err.message));
        throw err;
      }
    })),
    vscode.commands.registerCommand('paymentWorkbench.signOut', guard(async (arg) => {
      const env = await financingEnv(services, arg);
      if (!env) return undefined;
      const result = await (await services.connections.session(env)).signOut();
      void vscode.window.showInformationMessage(result.revoked ? vscode.l10n.t('Signed out of {0}.', env.name) : (result.message ? vscode.l10n.t('Tokens for {0} deleted ({1}).', env.name, result.message) : vscode.l10n.t('Tokens for {0} deleted.', env.name)));
      return result;
    })),
    vscode.commands.registerCommand('paymentWorkbench.refreshToken', guard(async (arg) => {
      const env = await financingEnv(services, arg);
      if (!env) return undefined;
      const session = await services.connections.session(env);
      await session.refresh();
      void vscode.window.showInformationMessage(vscode.l10n.t('Token for {0} refreshed.', env.name));
      return session.state();
    })),
  );
}
