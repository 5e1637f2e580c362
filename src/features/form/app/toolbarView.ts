/**
 * Helpers: fresh ids, the gateway's test-mode triggers (card, outcome by expiry, CSC, AVS street —
 * each offered only when the operation has the field), the catalogue's example, the last body
 * sent, and saving the form as a request file.
 */
import * as l10n from '@vscode/l10n';
import type { FormModel } from '../model/formModel';
import type { TriggerChoice } from '../model/testTriggers';
import type { EnvironmentSummary } from '../../../protocol/common';
import { el } from '../../shared/app/dom';
import { plainButton } from './plainButton';
import { labelled, selectControl } from './selectControl';

export interface ToolbarHost {
  freshIds(): void;
  testCard(number: string): void;
  expiryOutcome(expiry: string): void;
  securityCode(csc: string): void;
  avsStreet(street: string): void;
  loadExample(): void;
  loadLast(): void;
  save(): void;
  createSession(): void;
}

function picker(id: string, label: string, placeholder: string, choices: readonly TriggerChoice[], apply: (value: string) => void): HTMLElement | null {
  if (choices.length === 0) return null;
  const select = selectControl(id, label, [{ value: '', label: placeholder }, ...choices], '', (value) => {
    if (value === '') return;
    apply(value);
    // Back to the placeholder, so picking the same choice again applies it again.
    queueMicrotask(() => {
      select.value = '';
    });
  });
  return labelled(label, select);
}

function button(id: string, text: string, icon: string, onClick: () => void): HTMLElement {
  return plainButton({ icon, text, attrs: { id }, onClick });
}

/** Where a session id comes from: created here on the simulator, explained elsewhere. */
function sessionHelper(host: ToolbarHost, model: FormModel, environment: EnvironmentSummary | undefined): HTMLElement | null {
  if (!model.params.some((p) => p.name === 'sessionId')) return null;
  if (environment?.simulator) return button('create-session', l10n.t('Create session'), 'add', () => host.createSession());
  return el('p', { class: 'session-help', attrs: { id: 'session-help' }, text: l10n.t('A session id comes from Create Session (POST …/merchant/{merchantId}/session) called by your server, or from the gateway\'s Hosted Session script in the payer\'s browser. Paste it into sessionId.') });
}

/** The test-mode helpers are for test environments only: a LIVE form never offers them. */
export function toolbarView(host: ToolbarHost, model: FormModel, environment: EnvironmentSummary | undefined): HTMLElement {
  const t = environment?.live ? { cards: [], outcomes: [], csc: [], avs: [] } : model.triggers;
  const testMode = [
    picker('test-card', l10n.t('Test card'), l10n.t('Pick a card…'), t.cards, (v) => host.testCard(v)),
    picker('test-outcome', l10n.t('Outcome (expiry)'), l10n.t('Pick an outcome…'), t.outcomes, (v) => host.expiryOutcome(v)),
    picker('test-csc', l10n.t('CSC result'), l10n.t('Pick a CSC…'), t.csc, (v) => host.securityCode(v)),
    picker('test-avs', l10n.t('AVS street'), l10n.t('Pick a street…'), t.avs, (v) => host.avsStreet(v)),
  ].filter((x): x is HTMLElement => x !== null);
  return el('section', { class: 'toolbar', attrs: { 'aria-label': l10n.t('Helpers') } },
    el('div', { class: 'toolbar-row' },
      model.params.length ? button('fresh-ids', l10n.t('Fresh ids'), 'refresh', () => host.freshIds()) : null,
      sessionHelper(host, model, environment),
      model.op.hasBody ? button('load-example', l10n.t('Load example'), 'lightbulb', () => host.loadExample()) : null,
      model.op.hasBody ? button('load-last', l10n.t('Load last body'), 'history', () => host.loadLast()) : null,
      button('save', l10n.t('Save as request file…'), 'save', () => host.save()),
    ),
    testMode.length ? el('div', { class: 'toolbar-row test-mode', attrs: { title: "The gateway's test-mode triggers" } }, ...testMode) : null,
  );
}
