/**
 * Send, with the number of problems left ("Send · 2 problems"). While problems remain Send is
 * disabled and Send Anyway is offered (negative testing). Below: the problems no field shows, and
 * the status line (sending, the outcome, notices).
 */
import * as l10n from '@vscode/l10n';
import { sendLabel } from '../model/problems';
import { el } from '../../shared/app/dom';
import { renderProblems } from './controlView';
import { plainButton } from './plainButton';

export type Tone = 'success' | 'warning' | 'error' | 'info';

export interface SendHost {
  send(anyway: boolean): void;
  /** Send was pressed while problems remain: say so and take the user to the first one. */
  refused(): void;
}

export class SendBar {
  // The browser's buttons in vscode-button's look: the send bar is in every form's first frame.
  private readonly sendLabel = el('span', { text: l10n.t('Send') });
  private readonly sendButton = plainButton({ primary: true, icon: 'play', text: this.sendLabel, attrs: { id: 'send' } });
  private readonly anyway = plainButton({ text: l10n.t('Send Anyway'), attrs: { id: 'send-anyway', title: l10n.t('Send the request as it is, problems included (negative testing)') } });
  /** Focusable from script only: a refused Send whose first problem belongs to no field brings the focus here. */
  private readonly unplaced = el('div', { class: 'unplaced-problems field-error', attrs: { id: 'problems', tabindex: -1 } });
  private readonly status = el('div', { class: 'status', attrs: { id: 'status', role: 'status', 'aria-live': 'polite' } });
  readonly root: HTMLElement;
  private problems = 0;
  private busy = false;

  constructor(host: SendHost) {
    // aria-disabled, not disabled: a disabled button leaves the Tab order, and a keyboard user could
    // neither reach Send nor learn why it does not send. Pressed with problems left, it says so.
    this.sendButton.addEventListener('click', () => {
      if (this.busy) return;
      if (this.problems > 0) host.refused();
      else host.send(false);
    });
    this.anyway.addEventListener('click', () => {
      if (!this.busy) host.send(true);
    });
    this.root = el('section', { class: 'send-bar', attrs: { 'aria-label': l10n.t('Send') } },
      el('div', { class: 'send-buttons' }, this.sendButton, this.anyway),
      this.unplaced,
      this.status,
    );
    this.update(0, []);
  }

  /** Warnings are counted apart and never disable Send. */
  update(count: number, unplaced: readonly string[], warnings = 0, unplacedWarnings: readonly string[] = []): void {
    this.problems = count;
    const label = sendLabel(count, warnings);
    if (this.sendLabel.textContent !== label) this.sendLabel.textContent = label;
    this.anyway.hidden = count === 0;
    renderProblems(this.unplaced, unplaced, unplacedWarnings);
    this.applyDisabled();
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    this.applyDisabled();
    if (busy) this.setStatus(l10n.t('Sending…'), 'info');
  }

  private applyDisabled(): void {
    this.sendButton.setAttribute('aria-disabled', String(this.busy || this.problems > 0));
    this.anyway.setAttribute('aria-disabled', String(this.busy));
    this.root.setAttribute('aria-busy', String(this.busy));
  }

  /** Takes the focus to the problems no field shows. */
  focusUnplaced(): void {
    this.unplaced.focus();
  }

  setStatus(text: string, tone: Tone = 'info'): void {
    this.status.textContent = text;
    this.status.className = `status status-${tone}`;
  }
}
