// First: the display language's text, before any module builds a label.
import * as l10n from '@vscode/l10n';
import '../../shared/app/webviewText';
import type { ResponseHostMessage, ResponseState, ResponseWebviewMessage } from '../protocol';
import { el, replaceChildren } from '../../shared/app/dom';
import { HostBridge } from '../../shared/app/hostBridge';
import { checkHostMessage } from './hostMessageGuard';
import { exchangePage } from './exchangePage';

/**
 * The response panel: waits for the host's `show`, renders the exchange (replacing the previous one)
 * and remembers its id so a restored panel can ask for it again. Notices go to the status line.
 */
const bridge = new HostBridge<ResponseHostMessage, ResponseWebviewMessage>(checkHostMessage);
const app = document.getElementById('app') ?? document.body;
const status = el('div', { attrs: { id: 'status', role: 'status', 'aria-live': 'polite' }, class: 'status-line', text: l10n.t('Waiting for the response…') });
const page = el('div', { class: 'exchange' });
/** Says the verdict of each response shown, for screen readers: the page changes without the focus moving. */
const announcer = el('div', { attrs: { id: 'announcer', role: 'status', 'aria-live': 'polite' }, class: 'visually-hidden' });
replaceChildren(app, status, announcer, page);

const post = (message: ResponseWebviewMessage) => bridge.post(message);

bridge.listen((message) => {
  switch (message.type) {
    case 'show': {
      replaceChildren(page, ...exchangePage(message.exchange, post));
      status.textContent = '';
      announcer.textContent = `${message.exchange.operationTitle}: ${page.querySelector('.verdict-title')?.textContent ?? ''}`;
      app.setAttribute('aria-busy', 'false');
      const state: ResponseState = { exchangeId: message.exchange.id };
      bridge.setState(state);
      window.scrollTo(0, 0);
      break;
    }
    case 'notice':
      status.textContent = message.text;
      break;
  }
});
bridge.post({ type: 'ready' });
