/**
 * The webviews in VS Code's display language (Chromium): with the Romanian bundle in the page, the form and
 * the response panel show their own texts in Romanian from the first frame; a hostile bundle is only text.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../harness/browser';
import { openWebview } from '../harness/webviewPage';

const romanian = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'l10n', 'bundle.l10n.ro.json'), 'utf8')) as Record<string, string>;

describe('webviews in Romanian (Chromium)', function () {
  this.timeout(120_000);
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser.close();
  });

  it('the response panel waits in Romanian, and says the page is Romanian', async () => {
    const w = await openWebview('response', { browser, l10n: { language: 'ro', bundle: romanian } });
    try {
      await w.page.waitForSelector('#status');
      assert.equal(await w.page.locator('#status').innerText(), 'Se așteaptă răspunsul…');
      assert.equal(await w.page.getAttribute('html', 'lang'), 'ro');
      assert.deepEqual(await w.cspViolations(), []);
    } finally {
      await w.close();
    }
  });

  it('the form shows its buttons and headings in Romanian; field labels stay as the catalogue names them', async () => {
    const w = await openWebview('form', { browser, l10n: { language: 'ro', bundle: romanian } });
    try {
      await w.send({ type: 'init', state: { operationId: 'gateway.authorize', params: {}, body: {} }, environments: [] });
      await w.page.waitForSelector('#send');
      assert.match((await w.page.locator('#send').innerText()).trim(), /^Trimite · \d+ probleme$/);
      assert.match(await w.page.locator('.params h2').innerText(), /^Parametri URL$/);
      assert.match(await w.page.locator('.no-environment').innerText(), /^Niciun mediu: adăugați unul în vizualizarea Medii\.$/);
      assert.deepEqual(await w.cspViolations(), []);
    } finally {
      await w.close();
    }
  });

  it('a bundle holding markup renders it as text: no element, no script', async () => {
    const hostile = { 'Waiting for the response…': '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>' };
    const w = await openWebview('response', { browser, l10n: { language: 'ro', bundle: hostile } });
    try {
      await w.page.waitForSelector('#status');
      assert.equal(await w.page.locator('#status').innerText(), hostile['Waiting for the response…']);
      assert.equal(await w.page.locator('#status img').count(), 0);
      assert.equal(await w.page.evaluate(() => (globalThis as { __pwned?: number }).__pwned), undefined);
    } finally {
      await w.close();
    }
  });
});
