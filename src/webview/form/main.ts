import '../shared/zodWithoutEval';
import { formHostMessageSchema, type FormWebviewMessage } from '../../protocol/formProtocol';
import { HostBridge } from '../shared/hostBridge';
import { el } from '../shared/dom';

const bridge = new HostBridge<unknown, FormWebviewMessage>(formHostMessageSchema);
bridge.listen((m) => document.getElementById('app')?.append(el('p', { text: JSON.stringify(m) })));
bridge.post({ type: 'ready' });
