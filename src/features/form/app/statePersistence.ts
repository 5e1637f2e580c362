/**
 * Keeping the form's state: in the webview's own state on every change (it survives a reload), and
 * with the host for a preview once typing pauses. A body over the protocol's caps is not posted: the
 * form says why instead of sending a message the host would drop.
 */
import * as l10n from '@vscode/l10n';
import { bodySizeProblem } from '../../../protocol/common';
import type { FormHostMessage, FormState, FormWebviewMessage } from '../protocol';
import type { HostBridge } from '../../shared/app/hostBridge';
import type { Tone } from './sendBar';

/** How long typing may pause before the host is asked for a preview (it builds the cURL). */
const PREVIEW_DELAY_MS = 150;

export class StatePersistence {
  private previewTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly bridge: HostBridge<FormHostMessage, FormWebviewMessage>,
    private readonly status: (text: string, tone: Tone) => void,
  ) {}

  /** Keeps `current()` now, and asks for a preview of the latest state once typing pauses. */
  keep(state: FormState, current: () => FormState | undefined): void {
    this.bridge.setState(state);
    clearTimeout(this.previewTimer);
    this.previewTimer = setTimeout(() => {
      const latest = current();
      if (latest && this.withinSizeLimits(latest)) this.bridge.post({ type: 'preview', state: latest });
    }, PREVIEW_DELAY_MS);
  }

  withinSizeLimits(state: FormState): boolean {
    const problem = bodySizeProblem(state.body);
    if (problem) this.status(l10n.t('The form cannot send this body: {0}.', `${problem.path.length ? `${problem.path.join('.')}: ` : ''}${problem.message}`), 'error');
    return problem === undefined;
  }
}
