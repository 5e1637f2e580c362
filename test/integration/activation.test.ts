import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './support';


describe('Payment Workbench in a real extension host', () => {
  it('is installed and activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not known to VS Code`);
    const api = (await ext.activate()) as { timing?: { activateMs: number; loadAndActivateMs?: number } };
    assert.equal(ext.isActive, true);
    assert.ok(api.timing, 'activate() returns its API');
    // npm run bench reads this: loading the bundle plus activate(), measured in the real host.
    const out = path.join(ext.extensionPath, 'test-artifacts', 'activation.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(api.timing));
  });

  it('registers its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    const declared = (vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands;
    const missing = declared.map((c) => c.command).filter((c) => !commands.includes(c));
    assert.deepEqual(missing, [], `declared but not registered: ${missing.join(', ')}`);
  });

  it('shows the Environments view in its activity-bar container', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.paymentWorkbench');
    // Focusing a view only works when a tree data provider was registered for it.
    await vscode.commands.executeCommand('paymentWorkbench.environments.focus');
    await vscode.commands.executeCommand('paymentWorkbench.refreshEnvironments');
  });
});
