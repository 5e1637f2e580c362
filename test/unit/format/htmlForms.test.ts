import * as assert from 'node:assert/strict';
import { formsOf, MAX_PAGE_CHARS } from '../../../src/format/htmlForms';

describe('the forms of a payer page (format/htmlForms)', () => {
  it('reads action, method, inputs and selects as a browser would submit them', () => {
    const page = `<html><body><form id="threedsChallengeRedirectForm" action="https://acs.example/c?a=1&amp;b=2" method="post">
      <input type="hidden" name="creq" value="eyJ&quot;x">
      <select name="result"><option value="Y">Pass</option><option value="N">Fail</option></select>
      <input name="noValue">
    </form><form action="/next"><input name="k" value="v"></form></body></html>`;
    assert.deepEqual(formsOf(page), [
      { id: 'threedsChallengeRedirectForm', action: 'https://acs.example/c?a=1&b=2', method: 'POST', inputs: { creq: 'eyJ"x', noValue: '' }, selects: { result: ['Y', 'N'] } },
      { action: '/next', method: 'GET', inputs: { k: 'v' }, selects: {} },
    ]);
  });

  it('a form inside a form is text of the first; a form never closed is no form; inputs outside forms are ignored', () => {
    assert.deepEqual(formsOf('<input name="out"><form action="/a"><form action="/b"><input name="x" value="1"></form></form>'), [{ action: '/a', method: 'GET', inputs: { x: '1' }, selects: {} }]);
    assert.deepEqual(formsOf('<form action="/open"><input name="x" value="1">'), []);
  });

  it('reads a hostile page to the size bound in one pass: tags never ended, forms and selects never closed', () => {
    // Each of these made the former patterns search the rest of the page again for every tag (minutes of the extension host).
    const fill = (unit: string) => unit.repeat(Math.ceil(MAX_PAGE_CHARS / unit.length));
    assert.deepEqual(formsOf(fill('<form ')), []);
    assert.deepEqual(formsOf(`<form action="/x">${fill('<input ')}`), []);
    assert.deepEqual(formsOf(`<form action="/x"><select name="s">${fill('<option ')}`), []);
    const manyOptions = formsOf(`<form action="/x"><select name="s">${'<option value="v">'.repeat(10_000)}</select></form>`);
    assert.equal(manyOptions[0]?.selects['s']?.length, 10_000);
  });
});
