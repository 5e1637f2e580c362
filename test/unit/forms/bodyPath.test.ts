/** Concrete-path reads and writes on a request body, as every form field does them. */
import * as assert from 'node:assert/strict';
import { appendAt, concretize, deleteAt, getAt, leafEntries, removeIndexAt, renameKeyAt, setAt } from '../../../src/features/form/model/bodyPath';
import { templateOf } from '../../../src/catalogue/fieldIndex';
import type { JsonObject } from '../../../src/features/form/model/json';

describe('forms: body paths', () => {
  it('reads through objects and list rows', () => {
    const body: JsonObject = { item: [{ name: 'a' }, { name: 'b' }], order: { custom: { myKey: 'v' } } };
    assert.equal(getAt(body, 'item[1].name'), 'b');
    assert.equal(getAt(body, 'order.custom.myKey'), 'v');
    assert.equal(getAt(body, 'item[5].name'), undefined);
    assert.equal(getAt(body, 'order.custom.myKey.deeper'), undefined);
  });

  it('sets a nested value, creating objects and lists, and leaves the old body alone', () => {
    const before: JsonObject = { order: { amount: '1.00' } };
    const after = setAt(before, 'item[2].name', 'Widget');
    assert.deepEqual(after, { order: { amount: '1.00' }, item: [{}, {}, { name: 'Widget' }] });
    assert.deepEqual(before, { order: { amount: '1.00' } });
    assert.equal(after['order'], before['order'], 'untouched branches are shared, not copied');
    assert.deepEqual(setAt({}, 'order.custom.myKey', 'x'), { order: { custom: { myKey: 'x' } } });
  });

  it('replaces a primitive standing where an object is needed', () => {
    assert.deepEqual(setAt({ order: 'oops' }, 'order.amount', '2'), { order: { amount: '2' } });
  });

  it('deleting the last field of an object removes the emptied objects up the path', () => {
    const body: JsonObject = { apiOperation: 'AUTHORIZE', sourceOfFunds: { provided: { card: { number: '5123450000000008' } } } };
    assert.deepEqual(deleteAt(body, 'sourceOfFunds.provided.card.number'), { apiOperation: 'AUTHORIZE' });
    assert.deepEqual(deleteAt({ order: { amount: '1', currency: 'USD' } }, 'order.amount'), { order: { currency: 'USD' } });
    assert.deepEqual(deleteAt({ a: 1 }, 'missing.path'), { a: 1 });
  });

  it('an emptied list row stays as {} so the rows after it keep their index', () => {
    const body: JsonObject = { item: [{ name: 'a' }, { name: 'b' }] };
    assert.deepEqual(deleteAt(body, 'item[0].name'), { item: [{}, { name: 'b' }] });
  });

  it('appends and removes rows; removing the last row removes the list', () => {
    let body = appendAt({}, 'item', {});
    body = appendAt(body, 'item', { name: 'b' });
    assert.deepEqual(body, { item: [{}, { name: 'b' }] });
    body = removeIndexAt(body, 'item', 0);
    assert.deepEqual(body, { item: [{ name: 'b' }] });
    assert.deepEqual(removeIndexAt(body, 'item', 0), {});
    assert.deepEqual(removeIndexAt({ a: { list: ['x'] } }, 'a.list', 0), {});
  });

  it('renames a map key in place, and refuses to overwrite another key', () => {
    const body: JsonObject = { order: { custom: { a: '1', b: '2', c: '3' } } };
    const renamed = renameKeyAt(body, 'order.custom', 'b', 'z');
    assert.deepEqual(Object.keys(getAt(renamed, 'order.custom') as JsonObject), ['a', 'z', 'c']);
    assert.equal(renameKeyAt(body, 'order.custom', 'a', 'c'), body);
  });

  it('templates and concrete paths', () => {
    assert.equal(templateOf('airline.itinerary.leg[3].fare'), 'airline.itinerary.leg[].fare');
    assert.equal(concretize('a[].b[].c', [1, 4]), 'a[1].b[4].c');
    assert.equal(concretize('list[]', [0]), 'list[0]');
  });

  it('lists every value with its concrete path', () => {
    assert.deepEqual(leafEntries({ a: { b: 1 }, l: ['x', { y: true }], n: null }), [['a.b', 1], ['l[0]', 'x'], ['l[1].y', true], ['n', null]]);
  });
});
