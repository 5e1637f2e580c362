import { SESSION_URL_ADVICE } from '../advice';
import type { BodyView } from '../bodyView';
import { definedOnly } from '../bodyView';
import type { DecodedFinancing, DecodedResponse, DecodedTokenSet } from '../types';
import { decodeFinancingFailure } from './failure';
import { decodeOffers } from './offers';

type FinancingSections = Pick<DecodedResponse, 'verdict' | 'error' | 'financing'>;

export function decodeFinancingBody(view: BodyView, operationId: string, httpStatus: number, notes: string[]): FinancingSections {
  const success = view.boolean(['success']);
  const rawMessage = view.at(['message']);
  const message = typeof rawMessage === 'string' ? rawMessage : rawMessage === null ? null : undefined;
  const envelope: DecodedFinancing = definedOnly({ success, message });

  if (httpStatus >= 400 || success === false) {
    return { ...decodeFinancingFailure(view, operationId, httpStatus, notes), financing: envelope };
  }
  switch (kindOf(view, operationId)) {
    case 'tokens':
      return decodeTokenSet(view, operationId, envelope, notes);
    case 'logout':
      return {
        verdict: { tone: 'success', title: 'Signed out', detail: message ?? 'The session of the access token is closed.' },
        financing: envelope,
      };
    case 'sessionUrl': {
      const sessionUrl = view.text(['data', 'sessionUrl']);
      if (sessionUrl === undefined) notes.push('selectFirst=true but data.sessionUrl is missing.');
      return {
        verdict: sessionUrl
          ? { tone: 'success', title: 'Financing session ready', detail: SESSION_URL_ADVICE }
          : { tone: 'warning', title: 'No session URL', detail: 'The answer has no data.sessionUrl.' },
        financing: definedOnly({ ...envelope, sessionUrl }),
      };
    }
    case 'offers': {
      const offers = decodeOffers(view);
      const sessionId = view.text(['data', 'sessionID']);
      if (!view.has(['data', 'offers'])) notes.push('data.offers is missing.');
      return {
        verdict:
          offers.length > 0
            ? { tone: 'success', title: `${offers.length} financing offer${offers.length === 1 ? '' : 's'}`, detail: 'Offers in the order the partner sent them.' }
            : { tone: 'warning', title: 'No financing offers', detail: 'The cart or the credit period matched no offer; try another amount or period.' },
        financing: definedOnly({ ...envelope, offers, sessionId }),
      };
    }
    default:
      notes.push(`No financing decoder for operation ${operationId}; showing the envelope only.`);
      return {
        verdict: { tone: 'info', title: `HTTP ${httpStatus}`, detail: message ?? 'The financing API answered.' },
        financing: envelope,
      };
  }
}

type Kind = 'tokens' | 'logout' | 'offers' | 'sessionUrl' | 'unknown';

/** By operation first; by shape when the operation id is not a financing one. */
function kindOf(view: BodyView, operationId: string): Kind {
  switch (operationId) {
    case 'financing.login':
    case 'financing.refreshToken':
      return 'tokens';
    case 'financing.logout':
      return 'logout';
    case 'financing.offers':
      return 'offers';
    case 'financing.offersSelectFirst':
      return 'sessionUrl';
  }
  if (view.has(['access_token']) || view.has(['expires_in'])) return 'tokens';
  if (view.has(['data', 'sessionUrl'])) return 'sessionUrl';
  if (view.has(['data', 'offers'])) return 'offers';
  return 'unknown';
}

const MAX_EXPIRES_IN = 1_000_000_000;

/** Tokens are secrets: only their lengths and the lifetime leave this function. */
function decodeTokenSet(view: BodyView, operationId: string, envelope: DecodedFinancing, notes: string[]): FinancingSections {
  const access = view.at(['access_token']);
  const refresh = view.at(['refresh_token']);
  const expiresIn = view.at(['expires_in']);
  const tokenType = view.text(['token_type']);
  if (tokenType !== undefined && tokenType !== 'Bearer') notes.push(`token_type is ${tokenType}, the API documents Bearer.`);
  if (typeof access !== 'string' || access === '') notes.push('access_token is missing or empty.');
  if (typeof refresh !== 'string' || refresh === '') notes.push('refresh_token is missing or empty.');
  // Past 31 years a lifetime is no lifetime (and a run of 12+ digits reads as a card number to the redaction).
  const validExpiry = typeof expiresIn === 'number' && Number.isInteger(expiresIn) && expiresIn >= 0 && expiresIn <= MAX_EXPIRES_IN;
  if (!validExpiry) notes.push(`expires_in is missing or not a whole number of seconds from 0 to ${MAX_EXPIRES_IN}.`);

  const tokenSet: DecodedTokenSet | undefined = validExpiry
    ? definedOnly({
        expiresInSeconds: expiresIn,
        tokenType,
        accessTokenLength: typeof access === 'string' ? access.length : undefined,
        refreshTokenLength: typeof refresh === 'string' ? refresh.length : undefined,
      })
    : undefined;
  const complete = tokenSet !== undefined && typeof access === 'string' && access !== '';
  const title = operationId === 'financing.refreshToken' ? 'Token set renewed' : 'Signed in';
  return {
    verdict: complete
      ? { tone: 'success', title, detail: `Access token valid for ${describeSeconds(tokenSet.expiresInSeconds)}; renew it with the refresh token before then.` }
      : { tone: 'warning', title: 'Incomplete token set', detail: 'The answer lacks a usable access token or lifetime; see the notes.' },
    financing: definedOnly({ ...envelope, tokenSet }),
  };
}

function describeSeconds(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${seconds} s (${Math.round(seconds / 60)} min)`;
  return `${seconds} s (${(seconds / 3600).toFixed(1).replace(/\.0$/, '')} h)`;
}
