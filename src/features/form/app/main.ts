// First: the display language's text, before any module builds a label.
import '../../shared/app/webviewText';
import '../../shared/app/zodWithoutEval';
import { parseMessage } from '../../../protocol/common';
import { formHostMessageSchema, type FormHostMessage, type FormWebviewMessage } from '../protocol';
import { HostBridge } from '../../shared/app/hostBridge';
import { FormApp } from './formApp';

// The operation form webview: everything it shows comes from the catalogue and the host's messages.
const bridge = new HostBridge<FormHostMessage, FormWebviewMessage>((data) => parseMessage(formHostMessageSchema, data));
const root = document.getElementById('app');
if (root) {
  const app = new FormApp(bridge, root);
  bridge.listen((message) => app.handle(message));
}
bridge.post({ type: 'ready' });
