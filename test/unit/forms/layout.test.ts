/** The form's shape comes from the catalogue: required section first, groups, rows, maps, search. */
import * as assert from 'node:assert/strict';
import { fieldsOf } from '../../../src/catalogue';
import { alwaysRequiredPaths } from '../../../src/features/form/model/requiredFields';
import { buildLayout, REQUIRED_SECTION, type FormLayout, type LayoutNode } from '../../../src/features/form/model/layout';
import { fieldMatches, searchLayout } from '../../../src/features/form/model/search';

function layoutOf(id: Parameters<typeof fieldsOf>[0], version?: number): FormLayout {
  const fields = fieldsOf(id, version);
  return buildLayout(fields, version, alwaysRequiredPaths(id, version, fields));
}

const paths = (nodes: LayoutNode[]) => nodes.map((n) => n.meta.path);

describe('forms: layout', () => {
  it('always-required fields come first, in a section of their own', () => {
    const layout = layoutOf('gateway.initiateBrowserPayment', 100);
    const first = layout.sections[0];
    assert.equal(first?.key, REQUIRED_SECTION);
    assert.deepEqual(paths(first?.nodes ?? []), ['apiOperation', 'order.amount', 'order.currency', 'sourceOfFunds.type', 'browserPayment.operation']);
    assert.ok(layout.sections.slice(1).every((s) => !s.required));
  });

  it('a field required only inside an optional object is not in the required section', () => {
    const required = alwaysRequiredPaths('gateway.authorize', 11, fieldsOf('gateway.authorize', 11));
    assert.deepEqual([...required], ['apiOperation']);
    const layout = layoutOf('gateway.authorize', 11);
    const secure = layout.sections.find((s) => s.key === '3-D Secure');
    assert.ok(secure && paths(secure.nodes).includes('3DSecure.enrollmentStatus'));
  });

  it('each field is in exactly one section', () => {
    const layout = layoutOf('gateway.updateSession', 100);
    const all = layout.sections.flatMap((s) => paths(s.nodes));
    assert.equal(new Set(all).size, all.length);
    assert.equal(layout.sectionOf.get('order.reference'), 'Order');
  });

  it('row fields nest under their list, the custom map holds its value field', () => {
    const layout = layoutOf('gateway.authorize', 11);
    const item = layout.sections.find((s) => s.key === 'Item')?.nodes.find((n) => n.meta.path === 'item');
    assert.equal(item?.kind, 'array');
    assert.deepEqual(item?.kind === 'array' ? paths(item.children) : [], ['item[].name', 'item[].quantity', 'item[].unitPrice', 'item[].unitTaxAmount', 'item[].sku', 'item[].description']);
    const custom = layout.sections.find((s) => s.key === 'Custom fields')?.nodes[0];
    assert.equal(custom?.kind, 'map');
    assert.equal(custom?.kind === 'map' ? custom.value.path : '', 'order.custom.{key}');
    assert.equal(layout.sectionOf.get('item[].name'), 'Item');
  });

  it('a list of plain values has one field per row', () => {
    const layout = layoutOf('gateway.initiateBrowserPayment', 100);
    const key = layout.sectionOf.get('constraints.paymentPlans.supported');
    const list = layout.sections.find((s) => s.key === key)?.nodes.find((n) => n.meta.path === 'constraints.paymentPlans.supported');
    assert.deepEqual(list?.kind === 'array' ? paths(list.children) : [], ['constraints.paymentPlans.supported[]']);
  });

  it('the two versions of Initiate Browser Payment have different fields', () => {
    const v16 = layoutOf('gateway.initiateBrowserPayment', 16);
    const v100 = layoutOf('gateway.initiateBrowserPayment', 100);
    assert.ok(!v16.sectionOf.has('airline.itinerary.leg'));
    assert.ok(v100.sectionOf.has('airline.itinerary.leg'));
    assert.ok(v16.sectionOf.has('browserPayment.returnUrl'));
  });

  it('fields outside the version are left out', () => {
    const fields = fieldsOf('gateway.authorize', 11).map((f) => (f.path === 'order.reference' ? { ...f, versions: [99] } : f));
    const layout = buildLayout(fields, 11, new Set());
    assert.ok(!layout.sectionOf.has('order.reference'));
  });
});

describe('forms: search', () => {
  it('matches label, path and help, every word', () => {
    const meta = { label: 'Departure date', path: 'airline.itinerary.leg[].departureDate', help: 'Departure date (yyyy-mm-dd).' };
    assert.ok(fieldMatches(meta, ['departure']));
    assert.ok(fieldMatches(meta, ['itinerary', 'yyyy']));
    assert.ok(!fieldMatches(meta, ['departure', 'passenger']));
  });

  it('finds a deeply nested field among hundreds, with its list and section', () => {
    const layout = layoutOf('gateway.initiateBrowserPayment', 100);
    const result = searchLayout(layout, 'destinationArrivalTime');
    assert.ok(result);
    assert.ok(result.paths.has('airline.itinerary.leg[].destinationArrivalTime'));
    assert.ok(result.paths.has('airline.itinerary.leg'), 'the list that holds it is shown');
    assert.ok(!result.paths.has('airline.itinerary.leg[].fare'));
    assert.deepEqual([...result.sections], ['Airline leg']);
    assert.equal(searchLayout(layout, '   '), undefined);
  });
});
