import * as assert from 'node:assert/strict';
import { quickOpen, screenshot } from '../harness/browser';
import { openWorkbench, type WorkbenchSession } from '../harness/workbenchSession';

/** Two keys the same: the JSON language service always says so, whatever the schema. */
const REQUEST_FILE = '{\n  "operation": "gateway.authorize",\n  "note": 1,\n  "note": 2,\n  "body": {}\n}\n';

// The JSON language service's own activation events name JSON languages only: a request file opened
// before any JSON file must still get its schema's hovers and the service's diagnostics.
describe('a request file opened first, in a fresh VS Code with the .vsix installed', function () {
  let s: WorkbenchSession;

  before(async () => {
    s = await openWorkbench({ label: 'e2e-payreq-first', files: { 'order.payreq.json': REQUEST_FILE } });
  });

  after(async () => {
    await s?.close();
  });

  it('is a Payment Request with the Send lens, the JSON Schema hover and the JSON service\'s diagnostics', async () => {
    const page = s.page;
    await quickOpen(page, 'order.payreq.json');
    const language = page.locator('[id="status.editor.mode"]');
    await language.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await language.innerText(), /Payment Request/);
    await page.locator('.codelens-decoration', { hasText: 'Send Authorize' }).first().waitFor({ state: 'visible', timeout: 60_000 });

    // The schema's description of "operation" shows on hover once the JSON server has the file.
    const key = page.locator('.monaco-editor .view-line span', { hasText: '"operation"' }).first();
    const hover = page.locator('.monaco-hover', { hasText: 'Which operation to send' });
    const deadline = Date.now() + 60_000;
    while (!(await hover.isVisible())) {
      if (Date.now() > deadline) {
        await screenshot(page, 'e2e-payreq-first-hover');
        assert.fail('no hover from the JSON Schema on "operation"');
      }
      await page.mouse.move(0, 0);
      await key.hover();
      await hover.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
    }

    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel', { hasText: /duplicate object key/i }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(page, 'e2e-payreq-first');
  });
});
