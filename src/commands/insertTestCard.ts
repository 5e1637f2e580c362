/**
 * "Insert Test Card" in a request file (*.payreq.json): a quick pick of the one test-card table
 * (catalogue/testCards.ts: number, purpose, 3-D Secure outcome), written as
 * body.sourceOfFunds.provided.card {number, expiry, securityCode} in place; the rest of the text is
 * kept (json/setValueEdits). A test, or a keybinding, may pass the card number instead of picking.
 */
import * as vscode from 'vscode';
import { withPrompts } from './promptSequence';
import { TEST_CARD_LIST, testCardByNumber, type TestCard } from '../catalogue/testCards';
import { setValueEdits } from '../json';
import { sentenceStart } from '../format/sentence';
import { isRequestFile } from '../platform/requestFiles';

export const INSERT_TEST_CARD_COMMAND = 'paymentWorkbench.insertTestCard';
const CARD_PATH = ['body', 'sourceOfFunds', 'provided', 'card'] as const;

const THREE_DS_WORDS: Record<NonNullable<TestCard['threeDS']>, string> = {
  frictionless: vscode.l10n.t('3DS frictionless (Y)'), attempted: vscode.l10n.t('3DS attempted (A)'), failed: vscode.l10n.t('3DS failed (N)'), rejected: vscode.l10n.t('3DS rejected (R)'),
  challenge: vscode.l10n.t('3DS challenge (C)'), notEnrolled: vscode.l10n.t('3DS not enrolled'), unavailable: vscode.l10n.t('3DS unavailable (U)'),
};

interface CardItem extends vscode.QuickPickItem { card: TestCard }

async function pickCard(): Promise<TestCard | undefined> {
  const items: CardItem[] = TEST_CARD_LIST.map((card) => ({
    card, label: card.number, description: card.threeDS ? THREE_DS_WORDS[card.threeDS] : vscode.l10n.t('expiry {0}/{1}', card.expiry.month, card.expiry.year), detail: card.purpose,
  }));
  return (await withPrompts((p) => p.pick(items, { title: vscode.l10n.t('Insert Test Card'), placeHolder: vscode.l10n.t('A test card for sourceOfFunds.provided.card'), matchOnDescription: true, matchOnDetail: true })))?.card;
}

async function targetDocument(target: unknown): Promise<vscode.TextDocument> {
  const document = target instanceof vscode.Uri ? await vscode.workspace.openTextDocument(target) : vscode.window.activeTextEditor?.document;
  if (!document) throw new Error(vscode.l10n.t('Open a request file (*.payreq.json) to insert a test card into'));
  if (!isRequestFile(document)) throw new Error(`${vscode.workspace.asRelativePath(document.uri)} is not a request file (*.payreq.json); a test card goes into a request's body`);
  return document;
}

function cardFields(card: TestCard): Record<string, unknown> {
  return { number: card.number, expiry: { ...card.expiry }, ...(card.securityCode ? { securityCode: card.securityCode } : {}) };
}

async function insertTestCard(target: unknown, cardNumber: unknown): Promise<boolean> {
  const document = await targetDocument(target);
  const given = typeof cardNumber === 'string' ? testCardByNumber(cardNumber) : undefined;
  if (typeof cardNumber === 'string' && !given) throw new Error(vscode.l10n.t('{0} is not in the test-card table; see "payment-workbench test-cards"', cardNumber));
  const card = given ?? (await pickCard());
  if (!card) return false;
  const text = document.getText();
  let edits;
  try {
    edits = setValueEdits(text, CARD_PATH, cardFields(card));
  } catch (err) {
    throw new Error(vscode.l10n.t('Cannot insert the card into {0}: {1}', vscode.workspace.asRelativePath(document.uri), err instanceof Error ? err.message : String(err)));
  }
  const edit = new vscode.WorkspaceEdit();
  for (const e of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(e.offset), document.positionAt(e.offset + e.length)), e.content);
  return vscode.workspace.applyEdit(edit);
}

export function registerInsertTestCard(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand(INSERT_TEST_CARD_COMMAND, async (target?: unknown, cardNumber?: unknown) => {
    try {
      return await insertTestCard(target, cardNumber);
    } catch (err) {
      void vscode.window.showErrorMessage(sentenceStart(err instanceof Error ? err.message : String(err)));
      return false;
    }
  }));
}
