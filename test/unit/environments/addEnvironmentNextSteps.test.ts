/** The end of Add Environment: its notifications carry the button that does the next thing, and pressing it does it. */
import '../mocks/registerVscode';
import * as assert from 'node:assert/strict';
import { registerEnvironmentCommands } from '../../../src/commands/environmentCommands';
import type { CoreServices } from '../../../src/host/services';
import { EnvironmentStore } from '../../../src/features/environments/environmentStore';
import { SecretStore } from '../../../src/secrets/secretStore';
import { SECRET_LABELS } from '../../../src/secrets/secretKeys';
import { commands, shownInputBoxes, shownMessages, userAnswers } from '../mocks/vscodeModule';
import { mockExtensionContext, type MockExtensionContext } from '../mocks/extensionContext';

const SET_PASSWORD = `Set ${SECRET_LABELS.gatewayApiPassword}…`;

interface Window {
  context: MockExtensionContext;
  environments: EnvironmentStore;
  secrets: SecretStore;
}

function openWindow(): Window {
  const context = mockExtensionContext();
  const environments = new EnvironmentStore(context.globalState, () => 4477);
  const secrets = new SecretStore(context.secrets);
  context.subscriptions.push(environments, secrets);
  // Add Environment reads only these two services; the others belong to sending.
  registerEnvironmentCommands(context as never, { environments, secrets } as unknown as CoreServices);
  return { context, environments, secrets };
}

/** Resolves when the active environment becomes `id`: the notification's buttons act after the command returns. */
function activeBecomes(environments: EnvironmentStore, id: string): Promise<void> {
  return new Promise((resolve) => {
    const sub = environments.onDidChange(() => {
      if (environments.active()?.id !== id) return;
      sub.dispose();
      resolve();
    });
  });
}

function nextSecretStored(secrets: SecretStore): Promise<{ environmentId: string }> {
  return new Promise((resolve) => {
    const sub = secrets.onDidChange((e) => {
      sub.dispose();
      resolve(e);
    });
  });
}

describe('Add Environment: the next step is one click away', () => {
  let win: Window;
  beforeEach(() => {
    shownMessages.length = 0;
    shownInputBoxes.length = 0;
    userAnswers.inputBoxes = [];
    userAnswers.buttons = [];
    win = openWindow();
  });
  afterEach(() => win.context.dispose());

  it('offers to store the password; the password typed is kept in secret storage, then Make Active switches to it', async () => {
    userAnswers.inputBoxes = ['Acme test', 'https://test-gateway.example.com', '', 'TESTACME', 'typed-password'];
    userAnswers.buttons = [SET_PASSWORD, 'Make Active'];
    const stored = nextSecretStored(win.secrets);
    const env = (await commands.executeCommand('paymentWorkbench.addEnvironment')) as { id: string };
    const switched = activeBecomes(win.environments, env.id);

    assert.equal((await stored).environmentId, env.id);
    assert.equal(await win.secrets.get(env.id, 'gatewayApiPassword'), 'typed-password');
    await switched;
    assert.deepEqual(shownMessages.map((m) => m.message), ['Environment "Acme test" added.', `${SECRET_LABELS.gatewayApiPassword} saved for Acme test.`]);
    assert.ok(shownInputBoxes.includes(`Acme test: ${SECRET_LABELS.gatewayApiPassword}`), `asked: ${shownInputBoxes.join(' | ')}`);
  });

  it('an environment that already has what it needs offers Make Active straight away', async () => {
    userAnswers.inputBoxes = ['Partner only', '', 'https://test-partner.example.com'];
    userAnswers.buttons = ['Make Active'];
    const env = (await commands.executeCommand('paymentWorkbench.addEnvironment')) as { id: string };
    await activeBecomes(win.environments, env.id);
    assert.equal(win.environments.active()?.name, 'Partner only');
    assert.equal(await win.secrets.get(env.id, 'gatewayApiPassword'), undefined, 'no password asked for an environment without a gateway');
  });
});
