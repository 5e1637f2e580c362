import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { exampleBody } from '../../src/catalogue';
import type { FormPanels } from '../../src/features/form/host/formPanels';
import type { FormHostMessage, FormState } from '../../src/features/form/protocol';
import { startSimulator, SIMULATOR_AUTH_ONLY_MERCHANT_ID, SIMULATOR_DEFAULTS, type SimulatorHandle } from '../../src/simulator';
import { extensionApi, send, waitFor } from './support';

function webviewTabs(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

type Card = { sourceOfFunds: { provided: { card: { expiry: { month: string; year: string } } } } };
function authorizeBody(expiry: { month: string; year: string }): Record<string, unknown> {
  const body = exampleBody('gateway.authorize', 11) as unknown as Card;
  body.sourceOfFunds.provided.card.expiry = expiry;
  return body as unknown as Record<string, unknown>;
}
const APPROVED = { month: '1', year: '39' };
const DECLINED = { month: '5', year: '39' };

/**
 * The form's host side in the real extension host: page messages are posted to it through the same
 * parse and handlers the webview's go through, against a simulator over loopback.
 */
describe('Operation forms: ids, credentials and sessions', function () {
  this.timeout(90_000);
  let sim: SimulatorHandle;
  let forms: FormPanels;
  const envId = 'it-forms';
  const otherEnvId = 'it-forms-other';
  const simEnvId = 'it-forms-sim';
  let n = 0;
  const uniq = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

  before(async () => {
    forms = (await (await extensionApi()).inspect.features()).panels.forms;
    sim = await startSimulator({ port: 0 });
    const common = { gatewayUrl: sim.baseUrl, financingBaseUrl: sim.baseUrl, merchantId: SIMULATOR_DEFAULTS.merchantId, timeoutMs: 5000 };
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: otherEnvId, name: 'Forms other', ...common });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: simEnvId, name: 'Forms simulator', simulator: true, ...common });
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: envId, name: 'Forms test', ...common });
    for (const id of [envId, otherEnvId]) await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: id, value: SIMULATOR_DEFAULTS.apiPassword });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const id of [envId, otherEnvId, simEnvId]) await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: id, confirmed: true });
    await sim?.close();
  });

  async function open(operationId: string, environmentId: string, params?: Record<string, string>) {
    const form = await forms.openForm({ operationId, environmentId, ...(params ? { params } : {}) });
    assert.ok(form, `the ${operationId} form opened`);
    return form;
  }

  const sendFrom = (form: { currentState: FormState; receiveAsFromPage(d: unknown): Promise<FormHostMessage[]> }, body?: Record<string, unknown>) =>
    form.receiveAsFromPage({ type: 'send', state: { ...form.currentState, ...(body ? { body } : {}) }, sendAnyway: false });
  const sentTitle = (posted: FormHostMessage[]) => posted.find((m): m is Extract<FormHostMessage, { type: 'sent' }> => m.type === 'sent');

  it('a next step into a form already open fills the order and the amount with its note, and keeps the form\'s transaction id', async () => {
    const form = await open('gateway.capture', envId);
    const transactionId = form.currentState.params['transactionId'];
    assert.ok(transactionId, 'the form drew a transaction id');
    const again = await forms.openForm({ operationId: 'gateway.capture', environmentId: envId, params: { orderId: 'ORD-NEXT-1' }, body: { apiOperation: 'CAPTURE', transaction: { amount: '40.00', currency: 'EUR' } }, fieldNotes: { 'transaction.amount': '40.00 left to capture' } });
    assert.equal(again, form, 'the open form is reused');
    assert.equal(form.currentState.params['orderId'], 'ORD-NEXT-1');
    assert.equal(form.currentState.params['transactionId'], transactionId);
    assert.deepEqual(form.snapshot().fieldNotes, { 'transaction.amount': '40.00 left to capture' });
  });

  it('one form per operation and environment: a second environment gets its own tab, reopening reveals', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.verify', environmentId: envId });
    await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.verify', environmentId: otherEnvId });
    await waitFor('two Verify forms', () => (webviewTabs('paymentWorkbench.form').length === 2 ? true : undefined));
    await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.verify', environmentId: envId });
    await vscode.commands.executeCommand('paymentWorkbench.openForm', { operationId: 'gateway.verify', environmentId: otherEnvId });
    assert.equal(webviewTabs('paymentWorkbench.form').length, 2, 'reopened, not duplicated');
    assert.equal(forms.get('gateway.verify', envId)?.currentState.environmentId, envId);
    assert.equal(forms.get('gateway.verify', otherEnvId)?.currentState.environmentId, otherEnvId);
  });

  it('Send twice on the Authorize form: an approved send moves the form to a fresh order and transaction id, so the second is approved too', async () => {
    const order = uniq('IT-ORD');
    const form = await open('gateway.authorize', envId, { orderId: order, transactionId: 'IT-TXN-1' });
    const first = await sendFrom(form, authorizeBody(APPROVED));
    assert.equal(sentTitle(first)?.tone, 'success', JSON.stringify(first));
    const after = form.currentState.params;
    assert.notEqual(after.orderId, order, 'a fresh order id');
    assert.notEqual(after.transactionId, 'IT-TXN-1', 'a fresh transaction id');
    const ids = first.find((m) => m.type === 'ids');
    assert.deepEqual(ids && ids.type === 'ids' ? ids.params : undefined, after, 'the page is told the new ids');
    const second = await sendFrom(form, authorizeBody(APPROVED));
    assert.equal(sentTitle(second)?.tone, 'success', JSON.stringify(second));
  });

  it('a declined Authorize keeps its order but not its transaction id', async () => {
    const order = uniq('IT-DECL');
    const form = await open('gateway.authorize', envId, { orderId: order, transactionId: 'IT-TXN-D1' });
    await sendFrom(form, authorizeBody(DECLINED));
    assert.equal(form.currentState.params.orderId, order);
    assert.notEqual(form.currentState.params.transactionId, 'IT-TXN-D1');
  });

  it('Refund is pre-filled with the last order it can succeed on (not a later declined one) and says which', async () => {
    const approved = uniq('IT-OK');
    const ok = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId: approved, transactionId: 'T1' }, body: authorizeBody(APPROVED) });
    assert.equal(ok?.decoded?.outcome?.result, 'SUCCESS');
    const declined = await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId: uniq('IT-NO'), transactionId: 'T1' }, body: authorizeBody(DECLINED) });
    assert.equal(declined?.decoded?.outcome?.result, 'FAILURE');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const refund = await open('gateway.refund', envId);
    assert.equal(refund.currentState.params.orderId, approved);
    const posted = await refund.receiveAsFromPage({ type: 'freshIds' });
    const ids = posted.find((m) => m.type === 'ids');
    assert.ok(ids && ids.type === 'ids');
    assert.equal(ids.params.orderId, approved);
    assert.match(ids.paramNotes?.orderId ?? '', new RegExp(`^order ${approved} from your Authorize at \\d\\d:\\d\\d:\\d\\d, [\\d.]+ USD left to refund$`));
  });

  it('a transaction id already used on the order is replaced in the form before sending, and the form says so', async () => {
    const order = uniq('IT-USED');
    await send({ environmentId: envId, operationId: 'gateway.authorize', params: { orderId: order, transactionId: 'T1' }, body: authorizeBody(APPROVED) });
    const refundBody = { apiOperation: 'REFUND', transaction: { amount: '1.00', currency: 'USD' } };
    await send({ environmentId: envId, operationId: 'gateway.refund', params: { orderId: order, transactionId: 'TXN-FILE-1' }, body: refundBody });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const form = await open('gateway.refund', envId, { orderId: order, transactionId: 'TXN-FILE-1' });
    const posted = await form.receiveAsFromPage({ type: 'preview', state: { ...form.currentState, body: refundBody } });
    const ids = posted.find((m) => m.type === 'ids');
    assert.ok(ids && ids.type === 'ids', 'the host moved the id before any send');
    const shown = ids.params.transactionId;
    assert.ok(shown && shown !== 'TXN-FILE-1');
    assert.equal(ids.paramNotes?.transactionId, `TXN-FILE-1 was already sent on order ${order}; this form will send ${shown}.`);
    const preview = posted.find((m) => m.type === 'preview');
    assert.ok(preview && preview.type === 'preview' && preview.url.endsWith(`/transaction/${shown}`), 'the preview shows the id that will be sent');
    const sent = await sendFrom(form);
    assert.match(sentTitle(sent)?.title ?? '', new RegExp(`\\(transaction id ${shown}\\)$`));
  });

  it('a request file whose transaction id was used gets a visible note of the id actually sent', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.activateEnvironment', { environmentId: envId });
    const order = uniq('IT-FILE');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/tmp');
    const uri = vscode.Uri.joinPath(folder, `${order}.payreq.json`);
    const text = JSON.stringify({ operation: 'gateway.verify', params: { orderId: order, transactionId: 'TXN-FILE-1' }, body: exampleBody('gateway.verify', 100) }, null, 2);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.commands.executeCommand('paymentWorkbench.sendRequestFile', uri);
      const noted = () => vscode.languages.getDiagnostics(uri).find((d) => d.code === 'transactionIdReplaced');
      assert.equal(noted(), undefined, 'the first send used the file\'s own id');
      await vscode.commands.executeCommand('paymentWorkbench.sendRequestFile', uri);
      const note = await waitFor('the sent-id note', noted);
      assert.equal(note.severity, vscode.DiagnosticSeverity.Information);
      assert.match(note.message, /^Sent with transaction id \S+ \(TXN-FILE-1 was already used on this order; a transaction id is never sent twice\)\.$/);
      assert.equal(doc.getText(note.range), '"TXN-FILE-1"', 'on the id in the file');
    } finally {
      await vscode.workspace.fs.delete(uri);
    }
  });

  it('the Login form starts with the environment\'s account and sends with the stored password (no "1 problem")', async () => {
    await vscode.commands.executeCommand('paymentWorkbench.signIn', { environmentId: envId, email: SIMULATOR_DEFAULTS.partnerEmail, password: SIMULATOR_DEFAULTS.partnerPassword });
    const form = await open('financing.login', envId);
    assert.equal(form.currentState.body.email, SIMULATOR_DEFAULTS.partnerEmail);
    assert.equal(form.currentState.body.password, undefined, 'the password never enters the form');
    const posted = await sendFrom(form);
    assert.equal(posted.find((m) => m.type === 'hostIssues'), undefined, JSON.stringify(posted));
    assert.equal(sentTitle(posted)?.tone, 'success', JSON.stringify(posted));
  });

  it('the Login form without a stored password offers "Set password…" instead of a problem', async () => {
    const form = await open('financing.login', otherEnvId);
    const posted = await sendFrom(form, { email: 'someone@example.test' });
    assert.equal(posted.find((m) => m.type === 'hostIssues'), undefined);
    assert.deepEqual(posted.find((m) => m.type === 'credentials'), { type: 'credentials', passwordStored: false });
    assert.equal(posted.find((m) => m.type === 'sending'), undefined, 'nothing was sent');
  });

  it('Update Session on a simulator environment: Create session fills a session id the gateway accepts', async () => {
    const form = await open('gateway.updateSession', simEnvId);
    assert.equal(form.currentState.params.sessionId ?? '', '', 'a fresh form has no session id');
    const posted = await form.receiveAsFromPage({ type: 'createSession' });
    const ids = posted.find((m) => m.type === 'ids');
    assert.ok(ids && ids.type === 'ids', JSON.stringify(posted));
    assert.match(ids.params.sessionId ?? '', /^SESSION\w{20,}$/);
    assert.equal(form.currentState.params.sessionId, ids.params.sessionId);
    const sent = await sendFrom(form, exampleBody('gateway.updateSession', 100) as Record<string, unknown>);
    assert.equal(sentTitle(sent)?.tone, 'success', JSON.stringify(sent));
  });

  it('elsewhere Create session explains where a session id comes from', async () => {
    const form = await open('gateway.updateSession', envId);
    const posted = await form.receiveAsFromPage({ type: 'createSession' });
    const notice = posted.find((m) => m.type === 'notice');
    assert.ok(notice && notice.type === 'notice');
    assert.match(notice.text, /is not the local simulator: a session id comes from Create Session/);
  });

  it('on the simulator a new form sends the payer back to the simulator’s return page; elsewhere the example stays and the helper explains', async () => {
    const returnPage = (orderId: string) => `${sim.baseUrl}/_simulator/browser-payment/returned/${SIMULATOR_DEFAULTS.merchantId}/${encodeURIComponent(orderId)}`;
    const onSim = await open('gateway.authenticatePayer', simEnvId);
    const body = onSim.currentState.body as { authentication: { redirectResponseUrl: string } };
    assert.equal(body.authentication.redirectResponseUrl, returnPage(onSim.currentState.params.orderId ?? ''), 'not merchant.example.com: the payer would end on a DNS error');

    const elsewhere = await open('gateway.authenticatePayer', envId);
    const example = exampleBody('gateway.authenticatePayer', 100) as unknown as typeof body;
    assert.equal((elsewhere.currentState.body as typeof body).authentication.redirectResponseUrl, example.authentication.redirectResponseUrl, 'off the simulator the example stays for the person to replace');
    const notice = (posted: FormHostMessage[]) => posted.filter((m): m is Extract<FormHostMessage, { type: 'notice' }> => m.type === 'notice').at(-1)?.text ?? '';
    assert.match(notice(await elsewhere.receiveAsFromPage({ type: 'useReturnPage', path: 'authentication.redirectResponseUrl' })), /is not the local simulator: give the address of your own page/);
    assert.match(notice(await onSim.receiveAsFromPage({ type: 'useReturnPage', path: 'order.amount' })), /order\.amount is not a URL the payer returns to/);
  });

  it('Initiate Checkout starts with a fresh order id (not the example’s), renewed by Fresh ids and after a send; its return URLs follow the order', async () => {
    const form = await open('gateway.initiateCheckout', simEnvId);
    type Checkout = { order: { id: string }; interaction: { returnUrl: string; cancelUrl: string } };
    const state = () => form.currentState.body as unknown as Checkout;
    const first = state().order.id;
    assert.notEqual(first, (exampleBody('gateway.initiateCheckout', 100) as unknown as Checkout).order.id, 'not the catalogue example’s fixed order id');
    assert.match(state().interaction.returnUrl, new RegExp(`/_simulator/browser-payment/returned/${SIMULATOR_DEFAULTS.merchantId}/${first}$`));

    await form.receiveAsFromPage({ type: 'freshIds' });
    const second = state().order.id;
    assert.notEqual(second, first, 'Fresh ids renews the order the body creates');
    assert.match(state().interaction.returnUrl, new RegExp(`/${second}$`), 'the return page follows the new order');
    assert.match(state().interaction.cancelUrl, new RegExp(`/${second}$`));

    const sent = await sendFrom(form);
    assert.equal(sentTitle(sent)?.tone, 'success', JSON.stringify(sent));
    const third = state().order.id;
    assert.notEqual(third, second, 'a second checkout from this form pays a new order, not the one just used');
    assert.match(form.snapshot().fieldNotes['order.id'] ?? '', new RegExp(`Order ${second} now holds this Initiate Checkout`));
  });

  it('a page may put the inbox’s address only into a field that receives notifications', async () => {
    const form = await open('gateway.pay', envId);
    const before = JSON.stringify(form.currentState.body);
    for (const path of ['order.amount', '__proto__.polluted', 'sourceOfFunds.provided.card.number']) {
      const posted = await form.receiveAsFromPage({ type: 'useInbox', path });
      assert.match(JSON.stringify(posted), /is not a URL that receives notifications/, path);
    }
    assert.equal(JSON.stringify(form.currentState.body), before, 'the body is unchanged');
  });

  it('a page message with an undeclared key is rejected: nothing is done', async () => {
    const form = await open('gateway.refund', envId);
    const before = form.currentState.params;
    const posted = await form.receiveAsFromPage({ type: 'freshIds', orderId: 'INJECTED' });
    assert.deepEqual(posted, []);
    assert.deepEqual(form.currentState.params, before);
  });
  it('Use local inbox says what it did (the field holds the inbox address), not "Loaded the body from the local inbox"', async () => {
    await vscode.workspace.getConfiguration('paymentWorkbench').update('inbox.port', 0, vscode.ConfigurationTarget.Global);
    try {
      const form = await open('gateway.authorize', envId);
      const posted = await form.receiveAsFromPage({ type: 'useInbox', path: 'order.notificationUrl' });
      const notice = posted.filter((m): m is Extract<FormHostMessage, { type: 'notice' }> => m.type === 'notice').at(-1);
      assert.match(notice?.text ?? '', /^order\.notificationUrl is the local inbox's address http:\/\/127\.0\.0\.1:\d+\/gateway; it is listening\.$/, JSON.stringify(posted));
      assert.equal(posted.at(-1)?.type, 'notice', 'the last status the page shows is this one');
    } finally {
      await vscode.commands.executeCommand('paymentWorkbench.inbox.stop');
      await vscode.workspace.getConfiguration('paymentWorkbench').update('inbox.port', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('after a partial capture from the form, the amount note says what is left now, not what was left before', async () => {
    const order = uniq('IT-CAP');
    // The authorize-only merchant: on the default one an Authorize is captured at once.
    const authOnlyEnvId = 'it-forms-auth-only';
    await vscode.commands.executeCommand('paymentWorkbench.addEnvironment', { id: authOnlyEnvId, name: 'Forms authorize only', gatewayUrl: sim.baseUrl, merchantId: SIMULATOR_AUTH_ONLY_MERCHANT_ID, timeoutMs: 5000 });
    await vscode.commands.executeCommand('paymentWorkbench.setGatewayPassword', { environmentId: authOnlyEnvId, value: SIMULATOR_DEFAULTS.apiPassword });
    const auth = await send({ environmentId: authOnlyEnvId, operationId: 'gateway.authorize', params: { orderId: order, transactionId: 'A1' }, body: authorizeBody(APPROVED) });
    assert.equal(auth?.decoded?.outcome?.result, 'SUCCESS');
    const authorized = auth?.decoded?.order?.totalAuthorizedAmount ?? '';
    const form = await forms.openForm({ operationId: 'gateway.capture', environmentId: authOnlyEnvId, params: { orderId: order }, body: { apiOperation: 'CAPTURE', transaction: { amount: '1.00', currency: 'USD' } }, fieldNotes: { 'transaction.amount': `${authorized} left to capture: authorized ${authorized} − captured 0.00, from the Authorize response on order ${order}.` } });
    assert.ok(form);
    const posted = await sendFrom(form);
    assert.equal(sentTitle(posted)?.tone, 'success', JSON.stringify(posted));
    const note = form.snapshot().fieldNotes['transaction.amount'] ?? '';
    assert.doesNotMatch(note, new RegExp(`^${authorized.replace('.', '\\.')} left to capture`), 'the note before the capture is gone');
    assert.match(note, new RegExp(`order ${order} .* ${(Number(authorized) - 1).toFixed(2).replace('.', '\\.')} USD left to capture`));
    await vscode.commands.executeCommand('paymentWorkbench.deleteEnvironment', { environmentId: authOnlyEnvId, confirmed: true });
  });
});
