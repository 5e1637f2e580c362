/** Built-in environments added in a later version reach users who already saved a list, once. */
import * as assert from 'node:assert/strict';
import { environmentSchema, LOCAL_SIMULATOR_AUTH_ONLY_ID, LOCAL_SIMULATOR_ID, localSimulatorEnvironments, type Environment } from '../../../src/environments/environment';
import { offerBuiltIns } from '../../../src/features/environments/builtInOffers';

const builtIns = localSimulatorEnvironments(8787);
const own = environmentSchema.parse({ id: 'staging', name: 'Staging', gatewayUrl: 'https://test-gateway.example.com', merchantId: 'TESTSTAGING' });
const ids = (envs: Environment[] | undefined) => envs?.map((e) => e.id);

/** What the store keeps in globalState between two loads, applying each offer as the store does. */
class StateDouble {
  constructor(
    public saved: Environment[] | undefined,
    public offered: string[] | undefined,
  ) {}
  load(): string[] | undefined {
    const offer = offerBuiltIns(this.saved, this.offered, builtIns);
    if (offer.changed) {
      this.saved = offer.saved;
      this.offered = offer.offered;
    }
    return ids(this.saved ?? builtIns);
  }
  remove(id: string): void {
    this.saved = (this.saved ?? builtIns).filter((e) => e.id !== id);
  }
}

describe('environments: built-ins offered once', () => {
  it('an existing user’s saved list (from before the authorize-only environment) gains it on the next load', () => {
    const state = new StateDouble([builtIns[0]!, own], undefined);
    assert.deepEqual(state.load(), [LOCAL_SIMULATOR_ID, 'staging', LOCAL_SIMULATOR_AUTH_ONLY_ID]);
    assert.equal(state.saved?.at(-1)?.merchantId, 'TESTSIMAUTHONLY');
    assert.deepEqual(state.offered, [LOCAL_SIMULATOR_ID, LOCAL_SIMULATOR_AUTH_ONLY_ID]);
  });

  it('the offered built-in, deleted afterwards, is not brought back', () => {
    const state = new StateDouble([builtIns[0]!, own], undefined);
    state.load();
    state.remove(LOCAL_SIMULATOR_AUTH_ONLY_ID);
    assert.deepEqual(state.load(), [LOCAL_SIMULATOR_ID, 'staging']);
    assert.deepEqual(state.load(), [LOCAL_SIMULATOR_ID, 'staging']);
  });

  it('the default simulator environment a user deleted before the record existed stays deleted', () => {
    const state = new StateDouble([own], undefined);
    assert.deepEqual(state.load(), ['staging', LOCAL_SIMULATOR_AUTH_ONLY_ID]);
  });

  it('a fresh install shows the built-ins, records them, and one deleted later stays deleted', () => {
    const state = new StateDouble(undefined, undefined);
    assert.deepEqual(state.load(), [LOCAL_SIMULATOR_ID, LOCAL_SIMULATOR_AUTH_ONLY_ID]);
    assert.equal(state.saved, undefined, 'a fresh install keeps no list, so the built-ins follow the simulator port');
    state.remove(LOCAL_SIMULATOR_AUTH_ONLY_ID);
    assert.deepEqual(state.load(), [LOCAL_SIMULATOR_ID]);
  });

  it('nothing is written when every built-in was already offered', () => {
    const offer = offerBuiltIns([own], [LOCAL_SIMULATOR_ID, LOCAL_SIMULATOR_AUTH_ONLY_ID], builtIns);
    assert.equal(offer.changed, false);
    assert.deepEqual(ids(offer.saved), ['staging']);
  });
});
