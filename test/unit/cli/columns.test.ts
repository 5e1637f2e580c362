/** Step ids in the run's text table: cut in the middle when they must be, so numbered ids stay told apart. */
import * as assert from 'node:assert/strict';
import { displayWidth, fitColumnKeepingEnd } from '../../../src/cli/columns';
import { stepIdColumn } from '../../../src/cli/reporters';

describe('CLI text table: the step id column', () => {
  it('cuts in the middle and keeps the end: createSession2 and createSession3 differ in 12 cells', () => {
    assert.equal(fitColumnKeepingEnd('createSession2', 12), 'createS…ion2');
    assert.equal(fitColumnKeepingEnd('createSession3', 12), 'createS…ion3');
  });

  it('pads what fits, and fills exactly the width with wide characters on either side of the cut', () => {
    assert.equal(fitColumnKeepingEnd('pay', 6), 'pay   ');
    for (const id of ['支払い処理の確認ステップ二', '💳💳💳💳💳💳💳💳💳💳2', 'a💳b💳c💳d💳e💳f']) {
      const fitted = fitColumnKeepingEnd(id, 12);
      assert.equal(displayWidth(fitted), 12, fitted);
      assert.match(fitted, /…/);
    }
  });

  it('widens to the longest id, from 12 up to 32 cells', () => {
    assert.equal(stepIdColumn(['pay', 'refund']), 12);
    assert.equal(stepIdColumn(['createSession', 'createSession2']), 14);
    assert.equal(stepIdColumn(['x'.repeat(50)]), 32);
  });
});
