import { JsonDepthError, depthError, parseJsonBounded } from '../json/depth';
import { identifierRunsOfJson, redactJson, redactText, type SecretValues } from '../redaction';
import { BodyView, isRecord } from './bodyView';
import { noteShapeDifferences } from './documentedShape';
import { decodeFinancingBody } from './financing/decodeFinancing';
import { decodeGatewayBody } from './gateway/decodeGateway';
import { decodeGatewayError } from './gateway/errorEnvelope';
import { decodeFinancingFailure } from './financing/failure';
import type { DecodedResponse, DecodeInput } from './types';

const PREVIEW_LENGTH = 200;

type Body = { kind: 'json'; view: BodyView } | { kind: 'empty' } | { kind: 'not-json'; preview: string } | { kind: 'too-deep'; message: string };

/**
 * Turns any HTTP answer of either API into an explained, plain-data result. Never throws: a
 * response viewer that crashes on a strange body hides exactly the body the developer needs to see.
 * What it returns has been through the one redaction policy (shown), whoever calls it: the decoder
 * reads the answer as received (exact number literals), so its result is masked here, once, rather
 * than by each output that shows it (a record file, a report, history, a view).
 */
export function decodeResponse(input: DecodeInput): DecodedResponse {
  let operationId = '(unknown operation)';
  let httpStatus = 0;
  let api: DecodedResponse['api'] = 'gateway';
  const mask: Mask = {};
  try {
    // Read inside the try: even a hostile input object (throwing getters) must get an answer.
    if (typeof input?.operationId === 'string') operationId = input.operationId;
    if (typeof input?.httpStatus === 'number' && Number.isInteger(input.httpStatus)) httpStatus = input.httpStatus;
    const known = input?.known;
    if (known) mask.known = known;
    const requestUrl = typeof input?.requestUrl === 'string' ? input.requestUrl : undefined;
    const notes: string[] = [];
    const body = readBody(input?.body, input?.rawText);
    if (body.kind === 'json') mask.root = body.view.root;
    api = apiOf(operationId, body, notes);
    const head = { api, operationId, httpStatus };
    switch (body.kind) {
      case 'not-json':
        return shown({ ...head, ...decodeNotJson(api, { operationId, requestUrl }, httpStatus, body.preview, notes), notes }, mask);
      case 'empty':
        return shown({ ...head, ...decodeEmpty(api, { operationId, requestUrl }, httpStatus, notes), notes }, mask);
      case 'too-deep':
        notes.push('No answer of either API nests deeper than a few levels; a proxy or a hostile server may have answered.');
        return shown({ ...head, verdict: { tone: 'error', title: 'Response not decoded: nested too deep', detail: body.message }, notes }, mask);
      case 'json': {
        const sections =
          api === 'gateway'
            ? decodeGatewayBody(body.view, operationId, httpStatus, notes, requestUrl)
            : decodeFinancingBody(body.view, operationId, httpStatus, notes);
        noteShapeDifferences(api, operationId, httpStatus, body.view, notes);
        return shown({ ...head, ...sections, notes }, mask);
      }
    }
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return shown(
      {
        api,
        operationId,
        httpStatus,
        verdict: { tone: 'error', title: 'Could not decode the response', detail: `The decoder failed: ${reason}. The raw body is still the truth.` },
        notes: ['This is a bug in the decoder; the raw response is unaffected.'],
      },
      { ...(mask.known ? { known: mask.known } : {}) },
    );
  }
}

/** The client may hand over a parsed body, the raw text, or (when parsing failed) the text as body. */
function readBody(body: unknown, rawText: string | undefined): Body {
  const textOnly = body === undefined || (typeof body === 'string' && (rawText === undefined || rawText === body));
  if (!textOnly) {
    const tooDeep = depthError(body, 'The response body');
    return tooDeep ? { kind: 'too-deep', message: tooDeep.message } : { kind: 'json', view: new BodyView(body, rawText) };
  }
  const text = typeof body === 'string' ? body : (rawText ?? '');
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', view: new BodyView(parseJsonBounded(text, { where: 'The response body' }), text) };
  } catch (e) {
    if (e instanceof JsonDepthError) return { kind: 'too-deep', message: e.message };
    return { kind: 'not-json', preview: preview(text) };
  }
}

function preview(text: string): string {
  // Masked before it is cut: a card number cut in two would no longer look like one.
  const flat = redactText(text.replace(/\s+/g, ' ').trim());
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH)}…` : flat;
}

function apiOf(operationId: string, body: Body, notes: string[]): DecodedResponse['api'] {
  if (operationId.startsWith('gateway.')) return 'gateway';
  if (operationId.startsWith('financing.')) return 'financing';
  notes.push(`Unknown operation ${operationId}; the API was guessed from the body.`);
  if (body.kind === 'json' && isRecord(body.view.root)) {
    const root = body.view.root;
    if ('success' in root || 'access_token' in root || 'token_type' in root) return 'financing';
  }
  return 'gateway';
}

function decodeNotJson(api: DecodedResponse['api'], request: RequestFacts, httpStatus: number, shown: string, notes: string[]) {
  notes.push('Both APIs answer JSON; an HTML or text body usually comes from a proxy, a firewall or a wrong base URL.');
  const statusHint = httpStatus >= 400 ? errorFromStatusOnly(api, request, httpStatus, notes) : undefined;
  return {
    verdict: { tone: 'error' as const, title: 'Response is not JSON', detail: `HTTP ${httpStatus}; the body starts with: ${shown}` },
    ...(statusHint && { error: statusHint.error }),
  };
}

function decodeEmpty(api: DecodedResponse['api'], request: RequestFacts, httpStatus: number, notes: string[]) {
  const { operationId } = request;
  if (httpStatus >= 400) {
    notes.push('The body is empty; the explanation comes from the HTTP status alone.');
    return errorFromStatusOnly(api, request, httpStatus, notes);
  }
  if (operationId === 'financing.logout' && httpStatus >= 200 && httpStatus < 300) {
    return { verdict: { tone: 'success' as const, title: 'Signed out', detail: `HTTP ${httpStatus} with an empty body.` } };
  }
  return {
    verdict: { tone: 'warning' as const, title: 'Empty response body', detail: `HTTP ${httpStatus} with no body; this operation normally answers JSON.` },
  };
}

/** The operation, and the URL it went to when the caller knows it. */
interface RequestFacts {
  operationId: string;
  requestUrl: string | undefined;
}

function errorFromStatusOnly(api: DecodedResponse['api'], request: RequestFacts, httpStatus: number, notes: string[]) {
  const empty = new BodyView(undefined);
  return api === 'gateway'
    ? decodeGatewayError(empty, httpStatus, { operationId: request.operationId, url: request.requestUrl })
    : decodeFinancingFailure(empty, request.operationId, httpStatus, notes);
}

/** What masking the decoded answer needs: the run's secrets, and the body read (for the digit runs its ids keep). */
interface Mask {
  known?: SecretValues;
  root?: unknown;
}

/**
 * The decoded answer as plain data (no undefined, no class instances: for postMessage and history),
 * every text of it as the raw answer's text shows it (redactBodyText): a card number in any field
 * masked, whatever the field is called (order.reference, a description), the run's secrets scrubbed,
 * the digit runs of the answer's own ids kept whole, as in its text (read from the body only when a
 * text has a run to mask). redactJson makes the plain copy and masks it in one pass.
 */
function shown(decoded: DecodedResponse, mask: Mask): DecodedResponse {
  let runs: ReadonlySet<string> | undefined;
  const root = mask.root;
  const keepRuns = root === undefined ? undefined : () => (runs ??= identifierRunsOfJson(root));
  return redactJson(decoded, { plain: true, ...(mask.known ? { known: mask.known } : {}), ...(keepRuns ? { keepRuns } : {}) }) as DecodedResponse;
}
