import * as assert from 'node:assert/strict';
import { SequentialEvent } from '../../../src/send/sequentialEvent';

describe('SequentialEvent (how a sent exchange reaches History and the response panel)', () => {
  it('runs listeners in the order they subscribed, each finished before the next starts, and fire() waits for all', async () => {
    const seen: string[] = [];
    const event = new SequentialEvent<string>(() => undefined);
    event.subscribe(async (v) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`history ${v}`);
    });
    event.subscribe((v) => void seen.push(`panel ${v}`));
    await event.fire('x1');
    assert.deepEqual(seen, ['history x1', 'panel x1']);
  });

  it('a failing listener is reported and the next still runs', async () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const event = new SequentialEvent<string>((e) => errors.push(e));
    event.subscribe(() => {
      throw new Error('disk full');
    });
    event.subscribe((v) => void seen.push(v));
    await event.fire('x2');
    assert.deepEqual(seen, ['x2']);
    assert.equal((errors[0] as Error).message, 'disk full');
  });

  it('a disposed listener is no longer called', async () => {
    const seen: string[] = [];
    const event = new SequentialEvent<string>(() => undefined);
    const sub = event.subscribe((v) => void seen.push(v));
    sub.dispose();
    await event.fire('x3');
    assert.deepEqual(seen, []);
  });
});
