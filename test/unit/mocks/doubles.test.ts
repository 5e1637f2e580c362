/** The VS Code doubles of the unit tier fail on what they were not told to expect, as the real editor would, or louder. */
import './registerVscode';
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import * as vscodeDouble from './vscodeModule';
import { commands, shownInputBoxes, userAnswers, window } from './vscodeModule';
import { takeUnexpectedCalls } from './strict';

/** Runs `act`, expects the double to refuse it with `pattern`, and takes the record so this test itself passes. */
async function refused(act: () => unknown, pattern: RegExp): Promise<void> {
  await assert.rejects(async () => act(), pattern);
  const calls = takeUnexpectedCalls();
  assert.equal(calls.length, 1, calls.join('\n'));
  assert.match(calls[0] ?? '', pattern);
}

describe('VS Code unit doubles: strict about what they allow', () => {
  beforeEach(() => {
    userAnswers.inputBoxes = [];
    userAnswers.buttons = [];
    shownInputBoxes.length = 0;
  });

  it('a command registered twice fails, as VS Code refuses it; disposed, its id is free again', async () => {
    const first = commands.registerCommand('test.doubles.once', () => 1);
    await refused(() => commands.registerCommand('test.doubles.once', () => 2), /command 'test\.doubles\.once' already exists/);
    assert.equal(await commands.executeCommand('test.doubles.once'), 1);
    first.dispose();
    commands.registerCommand('test.doubles.once', () => 3).dispose();
  });

  it('a member of a namespace the double does not declare fails when read, naming it', async () => {
    const loose = window as unknown as Record<string, unknown>;
    await refused(() => loose['showQuickPick'], /vscode\.window\.showQuickPick is not declared by the double/);
    await refused(() => (vscodeDouble.workspace as unknown as Record<string, unknown>)['getConfiguration'], /vscode\.workspace\.getConfiguration/);
  });

  it('a module-level name the double does not declare fails too (vscode.Uri)', async () => {
    await refused(() => (vscodeDouble as unknown as Record<string, unknown>)['Uri'], /vscode\.Uri is not declared/);
  });

  it('a question with no scripted answer fails; a scripted undefined is the user pressing Escape', async () => {
    await refused(() => window.showInputBox({ title: 'Merchant id' }), /the input box "Merchant id" was asked, but the test scripted no answer/);
    userAnswers.inputBoxes = [undefined];
    assert.equal(await window.showInputBox({ title: 'Merchant id' }), undefined);
    assert.deepEqual(shownInputBoxes, ['Merchant id', 'Merchant id']);
  });

  it('a notification with buttons and no scripted click fails; a scripted undefined closes it', async () => {
    await refused(() => window.showInformationMessage('Added.', 'Make Active'), /the notification "Added\." with buttons Make Active/);
    userAnswers.buttons = [undefined];
    assert.equal(await window.showInformationMessage('Added.', 'Make Active'), undefined);
    assert.equal(await window.showInformationMessage('No buttons, nothing to script.'), undefined);
  });

  it('a created input box asks the same script', async () => {
    const box = window.createInputBox();
    assert.throws(() => box.show(), /scripted no answer/);
    takeUnexpectedCalls();
    assert.throws(() => (box as unknown as Record<string, unknown>)['buttons'], /vscode\.InputBox\.buttons/);
    takeUnexpectedCalls();
  });

  it('the doubles are typed against the real API: a wrong signature does not compile', () => {
    // @ts-expect-error showInputBox takes InputBoxOptions and answers Thenable<string | undefined>.
    const wrong = { showInputBox: (title: number): number => title } satisfies Partial<typeof vscode.window>;
    assert.equal(typeof wrong.showInputBox, 'function');
  });
});
