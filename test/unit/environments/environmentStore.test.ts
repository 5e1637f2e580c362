/** The Environments view's store over an in-memory globalState: what a user finds again in the next window. */
import '../mocks/registerVscode';
import * as assert from 'node:assert/strict';
import { LOCAL_SIMULATOR_AUTH_ONLY_ID, LOCAL_SIMULATOR_ID, localSimulatorEnvironment, type Environment } from '../../../src/environments/environment';
import { BUILT_INS_OFFERED_KEY, EnvironmentStore } from '../../../src/features/environments/environmentStore';
import { InMemoryMemento } from '../mocks/memento';
import { mockExtensionContext } from '../mocks/extensionContext';

const PORT = 4477;
const own: Environment = { id: 'it-own', name: 'Own', gatewayUrl: 'https://test-gateway.example.com', merchantId: 'TESTOWN', gatewayAuth: 'basic', timeoutMs: 30_000 };

/** One window's store over `state`, as activation builds it; returns the ids it lists. */
async function load(state: InMemoryMemento, then?: (store: EnvironmentStore) => Promise<void>): Promise<string[]> {
  const store = new EnvironmentStore(state, () => PORT);
  try {
    const ids = store.list().filter((e) => e.source === 'user').map((e) => e.id);
    await then?.(store);
    return ids;
  } finally {
    store.dispose();
  }
}

describe('EnvironmentStore: a built-in environment added in a later version is offered once', () => {
  it('a list saved before the authorize-only environment gains it on the next start, and once deleted it stays deleted', async () => {
    const state = new InMemoryMemento();
    await state.update('paymentWorkbench.environments', [localSimulatorEnvironment(PORT), own]);
    assert.deepEqual(await load(state, (store) => store.remove(LOCAL_SIMULATOR_AUTH_ONLY_ID)), [LOCAL_SIMULATOR_ID, 'it-own', LOCAL_SIMULATOR_AUTH_ONLY_ID]);
    assert.deepEqual(state.get(BUILT_INS_OFFERED_KEY), [LOCAL_SIMULATOR_ID, LOCAL_SIMULATOR_AUTH_ONLY_ID]);
    assert.deepEqual(await load(state), [LOCAL_SIMULATOR_ID, 'it-own']);
  });

  it('on a fresh install both built-ins show, and one deleted is not brought back', async () => {
    const state = new InMemoryMemento();
    assert.deepEqual(await load(state, (store) => store.remove(LOCAL_SIMULATOR_AUTH_ONLY_ID)), [LOCAL_SIMULATOR_ID, LOCAL_SIMULATOR_AUTH_ONLY_ID]);
    assert.deepEqual(await load(state), [LOCAL_SIMULATOR_ID]);
  });
});

describe('EnvironmentStore: what the next window finds', () => {
  it('a saved environment and the active choice come back in a new window; the view hears of each change', async () => {
    const context = mockExtensionContext();
    const store = new EnvironmentStore(context.globalState, () => PORT);
    context.subscriptions.push(store);
    let changes = 0;
    context.subscriptions.push(store.onDidChange(() => changes++));
    await store.save(own);
    await store.setActive(own.id);
    assert.equal(changes, 2);
    context.dispose();

    const next = new EnvironmentStore(context.globalState, () => PORT);
    assert.equal(next.active()?.id, own.id);
    assert.deepEqual(next.get(own.id), { ...own, source: 'user' });
    next.dispose();
  });

  it('removing the active environment makes the first one active again', async () => {
    const state = new InMemoryMemento();
    await load(state, async (store) => {
      await store.save(own);
      await store.setActive(own.id);
      await store.remove(own.id);
      assert.equal(store.active()?.id, LOCAL_SIMULATOR_ID);
    });
    assert.equal(state.get('paymentWorkbench.activeEnvironment'), undefined);
  });

  it('refuses an environment with a password in its URL, saying which field, and keeps nothing of it', async () => {
    const state = new InMemoryMemento();
    await load(state, async (store) => {
      await assert.rejects(store.save({ ...own, gatewayUrl: 'https://merchant:hunter2@test-gateway.example.com' }), /^Error: Environment not saved: .*gatewayUrl/);
      assert.equal(store.get(own.id), undefined);
    });
    assert.ok(!JSON.stringify(state.keys().map((k) => state.get(k))).includes('hunter2'));
  });

  it('without a folder open, keeping an environment in the workspace says to open one', async () => {
    await load(new InMemoryMemento(), (store) => assert.rejects(store.save(own, 'workspace'), /Open a folder to keep environments in the workspace/));
  });
});
