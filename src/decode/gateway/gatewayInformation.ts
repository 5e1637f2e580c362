import type { BodyView } from '../bodyView';
import type { Verdict } from '../types';

/** Check Gateway (GET …/version/{v}/information): is the gateway there and processing, and which platform version. */

export function isGatewayInformationAnswer(operationId: string): boolean {
  return operationId === 'gateway.checkGateway';
}

export function gatewayInformationVerdict(view: BodyView): Verdict {
  const status = view.text(['status']);
  const version = view.text(['gatewayVersion']);
  const platform = version ? ` (gateway version ${version})` : '';
  if (status === 'OPERATING') {
    return { tone: 'success', title: 'Gateway operating', detail: `The gateway is reachable and processing requests${platform}. The next call needs the merchant's credentials.` };
  }
  if (status === 'SHUTDOWN') {
    return { tone: 'error', title: 'Gateway shut down', detail: `The gateway answers but accepts no requests now${platform}: try again later, or ask your payment provider.` };
  }
  return { tone: 'warning', title: 'Gateway status unknown', detail: `The answer has no status OPERATING or SHUTDOWN${status ? ` (status ${status})` : ''}: this may not be the gateway's status page.` };
}
