/**
 * The response page's check of what the host sends. The host checks every message against the
 * protocol's schema before posting it (PanelMessenger), and the page renders every value as text,
 * never as markup; so this page only confirms the envelope it switches on, without carrying a
 * validation library (the bundle stays small).
 */
import type { ExchangeView, ResponseHostMessage } from '../protocol';
import type { ParseResult } from '../../../protocol/parseResult';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

function isExchangeView(v: unknown): v is ExchangeView {
  return isRecord(v) && isText(v['id'], 500) && isText(v['operationTitle'], 500) && isRecord(v['environment']) && isRecord(v['request']);
}

/** Total: whatever arrives, the answer is a result, never a throw. */
export function checkHostMessage(data: unknown): ParseResult<ResponseHostMessage> {
  try {
    return checkEnvelope(data);
  } catch {
    return { ok: false, error: 'the message could not be read' };
  }
}

function checkEnvelope(data: unknown): ParseResult<ResponseHostMessage> {
  if (!isRecord(data)) return { ok: false, error: 'not an object' };
  if (data['type'] === 'show') return isExchangeView(data['exchange']) ? { ok: true, message: data as ResponseHostMessage } : { ok: false, error: 'show: exchange is not an exchange view' };
  if (data['type'] === 'notice') return isText(data['text'], 2000) ? { ok: true, message: data as ResponseHostMessage } : { ok: false, error: 'notice: text must be at most 2000 characters' };
  return { ok: false, error: `unknown message type ${JSON.stringify(String(data['type'])).slice(0, 60)}` };
}
