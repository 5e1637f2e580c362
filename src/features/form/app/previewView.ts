/**
 * The request as it will go out: the JSON body, rendered here on every change, and the cURL
 * command the host builds (redacted), each with a copy button that asks the host to copy.
 */
import * as l10n from '@vscode/l10n';
import { el } from '../../shared/app/dom';

export interface PreviewHost {
  copy(text: string): void;
}

export class PreviewView {
  private readonly json = el('pre', { class: 'preview-text', attrs: { id: 'preview-json', tabindex: 0 } });
  private readonly curl = el('pre', { class: 'preview-text', attrs: { id: 'preview-curl', tabindex: 0 } });
  private readonly url = el('div', { class: 'preview-url', attrs: { id: 'preview-url' } });
  private readonly error = el('div', { class: 'preview-error', attrs: { id: 'preview-error' } });
  private readonly tabs: HTMLElement;
  private scheduled = false;
  readonly root: HTMLElement;

  constructor(host: PreviewHost) {
    const copy = (id: string, source: HTMLElement) => {
      const b = el('vscode-button', { attrs: { id, secondary: true, icon: 'copy' }, text: l10n.t('Copy') });
      b.addEventListener('click', () => host.copy(source.textContent ?? ''));
      return b;
    };
    this.error.hidden = true;
    this.tabs = el('vscode-tabs', {},
      el('vscode-tab-header', { attrs: { slot: 'header' }, text: 'JSON' }),
      el('vscode-tab-panel', {}, el('div', { class: 'preview-actions' }, copy('copy-json', this.json)), this.json),
      el('vscode-tab-header', { attrs: { slot: 'header' }, text: 'cURL' }),
      el('vscode-tab-panel', {}, el('div', { class: 'preview-actions' }, copy('copy-curl', this.curl)), this.url, this.error, this.curl),
    );
    this.root = el('section', { class: 'preview', attrs: { 'aria-label': l10n.t('Request preview') } });
  }

  /**
   * Puts the tabs in the frame after the form's first one: the side panel's five web components
   * would otherwise render and lay out in that frame, before the fields the user came for. Its
   * texts are kept up to date meanwhile, so it shows the current request when it appears.
   */
  showAfterFirstPaint(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => requestAnimationFrame(() => this.root.append(this.tabs)));
  }

  showBody(text: string): void {
    if (this.json.textContent !== text) this.json.textContent = text;
  }

  showRequest(curl: string, url: string, error: string | undefined): void {
    this.curl.textContent = curl;
    this.url.textContent = url;
    this.error.textContent = error ?? '';
    this.error.hidden = !error;
  }
}
