import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, runCommandFromPalette, screenshot } from '../harness/browser';
import { startCodeServer } from '../harness/codeServer';
import { repoRoot } from '../harness/paths';
import { recordTier } from '../harness/summary';
import { GRANT_TRUST_FILE, REPORT_FILE, RESULT_FILE } from '../integration';
import { prepareWorkspace } from '../harness/workspace';

/**
 * Runs test/integration inside a real VS Code extension host.
 * Default: code-server (VS Code 1.139 with its Node extension host), which works offline.
 * PW_TEST_HOST=electron: desktop VS Code through @vscode/test-electron (needs to download VS Code).
 */
const suitePath = path.join(repoRoot, 'out', 'test', 'integration', 'index.js');

async function viaElectron(): Promise<number> {
  const { runTests } = await import('@vscode/test-electron');
  const workspace = prepareWorkspace('integration-electron');
  try {
    await runTests({ extensionDevelopmentPath: repoRoot, extensionTestsPath: suitePath, launchArgs: [workspace, '--disable-extensions'] });
    return 0;
  } catch {
    return 1;
  }
}

/**
 * PW_INTEGRATION_UNTRUSTED=1 (npm run test:integration:restricted): the window opens the folder in
 * Restricted Mode; when the suite writes GRANT_TRUST_FILE, trust is granted the way a person does it
 * (Manage Workspace Trust, Trust), with no reload.
 */
const untrusted = process.env.PW_INTEGRATION_UNTRUSTED === '1';

async function grantTrustWhenAsked(page: Page, stopped: () => boolean): Promise<void> {
  while (!fs.existsSync(GRANT_TRUST_FILE)) {
    if (stopped()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await runCommandFromPalette(page, 'Workspaces: Manage Workspace Trust');
  await page.getByRole('button', { name: 'Trust', exact: true }).first().click({ timeout: 20_000 });
}

async function viaCodeServer(): Promise<number> {
  const workspace = prepareWorkspace(untrusted ? 'integration-untrusted' : 'integration');
  const server = await startCodeServer({ folder: workspace, smokeTestDriver: true, untrusted });
  const browser = await launchBrowser();
  try {
    // The workbench's clipboard lives in the browser: tests that copy cURL need it granted.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const authority = `127.0.0.1:${server.port}`;
    const remote = (p: string) => `vscode-remote://${authority}${p}`;
    const payload = JSON.stringify([
      ['extensionDevelopmentPath', remote(repoRoot)],
      ['extensionTestsPath', remote(suitePath)],
    ]);
    // The workbench reports the suite's outcome through this hook once run() settles.
    const exitCode = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`);
    let finished = false;
    const granting = untrusted ? grantTrustWhenAsked(page, () => finished).catch((err: unknown) => console.error(`Granting trust failed: ${String(err)}`)) : undefined;
    const timeoutMs = Number(process.env.PW_INTEGRATION_TIMEOUT_MS ?? 600_000);
    const code = await Promise.race([
      exitCode,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), timeoutMs)),
    ]);
    finished = true;
    await granting;
    if (code !== 0) await screenshot(page, 'integration-final').catch(() => undefined);
    if (code === -1) console.error(`The integration suite did not finish within ${timeoutMs} ms.`);
    return code;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  for (const f of [REPORT_FILE, RESULT_FILE, GRANT_TRUST_FILE]) fs.rmSync(f, { force: true });
  const started = Date.now();
  const host = process.env.PW_TEST_HOST === 'electron' ? 'desktop VS Code (@vscode/test-electron)' : 'code-server';
  console.log(`Integration tier: running test/integration inside ${host}`);
  const code = process.env.PW_TEST_HOST === 'electron' ? await viaElectron() : await viaCodeServer();
  if (fs.existsSync(REPORT_FILE)) process.stdout.write(fs.readFileSync(REPORT_FILE, 'utf8'));
  const result = fs.existsSync(RESULT_FILE)
    ? (JSON.parse(fs.readFileSync(RESULT_FILE, 'utf8')) as { passed: number; failed: number; skipped: number })
    : { passed: 0, failed: 1, skipped: 0 };
  if (!fs.existsSync(RESULT_FILE)) console.error('The suite wrote no report: the extension host never ran it (see test-artifacts/screenshots/integration-final.png).');
  recordTier({ tier: untrusted ? 'integration (Restricted Mode)' : 'integration', ...result, durationMs: Date.now() - started });
  console.log(`integration: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code === 0 && result.failed === 0 && result.passed > 0 ? 0 : 1);
}

void main();
