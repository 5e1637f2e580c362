import '../mocks/registerVscode';
import * as assert from 'node:assert/strict';
import { shownMessages, workspace } from '../mocks/vscodeModule';
import { SimulatorControl } from '../../../src/host/simulatorControl';
import { transportFor } from '../../../src/features/environments/transport';
import type { Environment } from '../../../src/environments/environment';

/**
 * Restricted Mode's refusals say what is true: a door where something was typed (a send from the form)
 * keeps it and says so; a door where nothing was typed (starting the simulator or the Tap) does not
 * claim "Nothing you typed is lost".
 */
describe('Restricted Mode: each door says what is true of it', () => {
  const trust = workspace as { isTrusted: boolean };
  beforeEach(() => {
    trust.isTrusted = false;
    shownMessages.length = 0;
  });
  afterEach(() => {
    trust.isTrusted = true;
  });

  const refusal = (act: () => unknown): string => {
    try {
      act();
    } catch (err) {
      return (err as Error).message;
    }
    assert.fail('the door was not refused');
  };

  it('starting the simulator: waits for trust, and says nothing of typed input', async () => {
    const control = new SimulatorControl({} as never, () => Promise.reject(new Error('not loaded in Restricted Mode')));
    await assert.rejects(control.start(), (err: Error) => {
      assert.match(err.message, /^Restricted Mode: the local simulator waits until you trust this workspace\.$/);
      return true;
    });
    assert.deepEqual(shownMessages.map((m) => m.message), ['Restricted Mode: the local simulator waits until you trust this workspace.']);
  });

  it('sending: waits for trust, and keeps what was typed', () => {
    const message = refusal(() => transportFor({ id: 'e', name: 'E', gatewayUrl: 'https://example.test' } as Environment, undefined));
    assert.match(message, /^Restricted Mode: sending waits until you trust this workspace\. Nothing you typed is lost\.$/);
  });
});
