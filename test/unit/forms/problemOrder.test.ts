/** A refused Send takes the user to the first problem in the order the form shows its fields. */
import * as assert from 'node:assert/strict';
import { fieldsOf } from '../../../src/catalogue';
import { formModel } from '../../../src/features/form/model/formModel';
import { nodeMetas } from '../../../src/features/form/model/layout';
import { firstProblemPath } from '../../../src/features/form/model/problemOrder';
import type { Problems } from '../../../src/features/form/model/problems';

function problems(paths: string[]): Problems {
  return { byPath: new Map(paths.map((p) => [p, [`${p}: wrong`]])), unplaced: [], count: paths.length, warningsByPath: new Map(), unplacedWarnings: [], warnings: 0 };
}

describe('forms: the first problem a refused Send goes to', () => {
  const model = formModel('gateway.authorize', 11);
  assert.ok(model);
  const sections = model.layout.sections.filter((s) => !s.required);
  const firstPathOf = (index: number) => [...nodeMetas(sections[index]?.nodes[0] ?? assert.fail('no such section'))][0]?.path ?? '';

  it('a URL parameter comes before the body, as the header comes before the groups', () => {
    assert.equal(firstProblemPath(problems([firstPathOf(0), 'param:orderId']), model), 'param:orderId');
  });

  it('an earlier group wins over a later one, whatever order validation found them in', () => {
    const early = firstPathOf(0);
    const late = firstPathOf(sections.length - 1);
    assert.notEqual(early, late);
    assert.equal(firstProblemPath(problems([late, early]), model), early);
  });

  it('rows of one list come by their index: item[2] before item[10]', () => {
    const listed = fieldsOf('gateway.authorize', 11).find((f) => f.path.includes('[]') && f.kind !== 'array');
    assert.ok(listed, 'Authorize has a list');
    const row = (i: number) => listed.path.replace('[]', `[${i}]`);
    assert.equal(firstProblemPath(problems([row(10), row(2)]), model), row(2));
  });

  it('none when every problem is unplaced (the body as a whole)', () => {
    assert.equal(firstProblemPath({ ...problems([]), unplaced: ['the body: wrong'], count: 1 }, model), undefined);
  });
});
