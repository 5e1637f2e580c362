/**
 * The fields a request can never go without, worked out once per operation and version when the
 * webview bundle is built (esbuild.js): the form's first render then runs no validation for its
 * Required section. The table must say exactly what the catalogue's validation says.
 */
import * as assert from 'node:assert/strict';
import { fieldsOf, operations, type OperationId } from '../../../src/catalogue';
import { formModel } from '../../../src/features/form/model/formModel';
import { inVersion } from '../../../src/features/form/model/layout';
import { alwaysRequiredPaths, requiredPathsTable, REQUIRED_TABLE_GLOBAL } from '../../../src/features/form/model/requiredFields';

const global = globalThis as Record<string, unknown>;

describe('forms: always-required fields from the build', () => {
  afterEach(() => {
    delete global[REQUIRED_TABLE_GLOBAL];
  });

  it('the build\'s table lists, for every operation and version, what the catalogue\'s validation finds', () => {
    const table = requiredPathsTable();
    let versions = 0;
    for (const op of operations) {
      for (const version of op.documentedVersions.length ? op.documentedVersions : [undefined]) {
        const fields = fieldsOf(op.id as OperationId, version).filter((f) => inVersion(f, version));
        assert.deepEqual(table[`${op.id}@${version ?? ''}`], [...alwaysRequiredPaths(op.id as OperationId, version, fields)], `${op.id} v${version}`);
        versions++;
      }
    }
    assert.equal(Object.keys(table).length, versions);
    assert.deepEqual(table['gateway.initiateBrowserPayment@100'], ['apiOperation', 'order.amount', 'order.currency', 'sourceOfFunds.type', 'browserPayment.operation']);
  });

  it('the form takes its Required section from the table the bundle carries', () => {
    global[REQUIRED_TABLE_GLOBAL] = { 'gateway.updateSession@100': ['order.reference'] };
    const model = formModel('gateway.updateSession', 100);
    assert.deepEqual([...(model?.required ?? [])], ['order.reference']);
    assert.deepEqual(model?.layout.sections[0]?.nodes.map((n) => n.meta.path), ['order.reference']);
  });

  it('without a table (tests, watch builds) the form asks the catalogue\'s validation', () => {
    const model = formModel('gateway.initiateBrowserPayment', 100);
    assert.deepEqual([...(model?.required ?? [])], ['apiOperation', 'order.amount', 'order.currency', 'sourceOfFunds.type', 'browserPayment.operation']);
  });
});
