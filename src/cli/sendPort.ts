/**
 * The CLI's answers to the send path's questions: nobody is there to ask, so a question is a refusal
 * unless a flag given for the whole run allows it, and the refusal says which flag or variable to set.
 */
import type { SendPort, SendQuestion } from '../send/guardedSend';
import { setVariablesHint } from './envSecrets';

export interface SendFlags {
  /** --yes-live: money-moving steps may go to LIVE environments. */
  yesLive: boolean;
  /** --send-anyway: bodies that break the catalogue's rules are sent (the gateway will likely reject them). */
  sendAnyway: boolean;
}

export function cliSendPort(flags: SendFlags): SendPort {
  return {
    ask: async (q) => (q.kind === 'live' ? flags.yesLive : q.kind === 'rules' ? flags.sendAnyway : false),
    hint: (q) => hintFor(q),
  };
}

function hintFor(q: SendQuestion): string {
  switch (q.kind) {
    case 'live':
      return 'Add --yes-live to send to LIVE environments.';
    case 'rules':
      return 'Fix the body, expect the refusal in the step ("expect": { "status": 400 }), or add --send-anyway.';
    case 'credentials':
      return setVariablesHint(q.environment.id, [q.secret]);
  }
}
