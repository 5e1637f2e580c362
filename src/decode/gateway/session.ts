import { SESSION_UPDATE_STATUSES } from '../../catalogue/codes';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { DecodedSession, Verdict } from '../types';

export function decodeSession(view: BodyView): { session: DecodedSession; verdict: Verdict } {
  const status = view.at(['session', 'updateStatus']);
  const session: DecodedSession = definedOnly({
    id: view.text(['session', 'id']),
    updateStatus: status !== undefined ? explainCode(SESSION_UPDATE_STATUSES, status) : undefined,
    version: view.text(['session', 'version']),
  });
  const s = session.updateStatus;
  if (s === undefined) {
    return { session, verdict: { tone: 'info', title: 'Session answered', detail: 'The session was returned without an updateStatus.' } };
  }
  const tone = s.category === 'ok' ? 'success' : s.category === 'failed' ? 'error' : s.known ? 'info' : 'warning';
  const title = s.code === 'SUCCESS' ? 'Session updated' : `Session update: ${s.code}`;
  return { session, verdict: { tone, title, detail: `${s.meaning} ${s.nextStep ?? ''}`.trim() } };
}
