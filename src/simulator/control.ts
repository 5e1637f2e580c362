import { FaultSchedule, parseFault, type FaultPlan } from './faults';
import { fromOtherSitePage } from '../http/loopbackRequests';
import { isObject, jsonText } from './jsonText';
import { jsonBoundsProblem } from '../json/bounds';
import type { RequestLog } from './requestLog';
import { headerValue, jsonResponse, type SimRequest, type SimResponse } from './types';

/**
 * The simulator's own endpoints under /_simulator (never faulted):
 *   GET    /_simulator            what is served and where
 *   GET    /_simulator/requests   the redacted request log, oldest first (?since=<id> for newer ones)
 *   DELETE /_simulator/requests   clear the log
 *   GET    /_simulator/faults     the current fault plan
 *   POST   /_simulator/faults     {"fault":"status=503","count":3} as application/json; count omitted = until cleared
 *   DELETE /_simulator/faults     clear the plan
 */

export const CONTROL_PREFIX = '/_simulator';

const json = (status: number, value: Parameters<typeof jsonText>[0]): SimResponse => jsonResponse(status, jsonText(value));

/**
 * The control endpoints read the request and delivery logs and say where webhooks go: no web page of
 * another site may use them. A simple request (a form's POST) needs no CORS preflight, so the browser's
 * own word decides (fromOtherSitePage); the payer pages under /_simulator are not control endpoints.
 */
export function otherSitePageRefusal(req: SimRequest): SimResponse | undefined {
  if (!fromOtherSitePage(req.headers)) return undefined;
  return json(403, { error: "A web page of another site may not use the simulator's control endpoints: call them from curl, a test or the CLI" });
}

/**
 * The JSON object a control request sent. A web page may POST text/plain to 127.0.0.1 from any site
 * without asking (a "simple" request); application/json needs a CORS preflight the simulator never
 * grants, so no page can change the simulator.
 */
export function readJsonBody(req: SimRequest, example: string): { value: Record<string, unknown> } | { refusal: SimResponse } {
  if (!/^application\/json\s*(;|$)/i.test(headerValue(req.headers, 'content-type') ?? '')) {
    return { refusal: json(415, { error: `Content-Type: application/json is required, e.g. curl -H "Content-Type: application/json" -d '${example}'` }) };
  }
  const text = req.rawBody.toString('utf8') || '{}';
  const tooMuch = jsonBoundsProblem(text);
  if (tooMuch) return { refusal: json(400, { error: `body: ${tooMuch.problem}` }) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return { refusal: json(400, { error: `body: not valid JSON (${(e as Error).message})` }) };
  }
  if (!isObject(body)) return { refusal: json(400, { error: `body: must be a JSON object, e.g. ${example}` }) };
  return { value: body };
}

export function handleControl(req: SimRequest, log: RequestLog, faults: FaultSchedule, info: () => Record<string, string>): SimResponse | undefined {
  const sub = req.path.slice(CONTROL_PREFIX.length);
  if (sub === '' || sub === '/') return req.method === 'GET' ? json(200, { ...info() }) : undefined;
  if (sub === '/requests') {
    if (req.method === 'DELETE') {
      log.clear();
      return json(200, { cleared: true });
    }
    if (req.method !== 'GET') return undefined;
    const since = Number(req.query.get('since') ?? 0);
    const entries = log.entries.filter((e) => e.id > since);
    return jsonResponse(200, JSON.stringify({ capacity: log.capacity, entries }));
  }
  if (sub === '/faults') {
    if (req.method === 'GET') return json(200, { plan: faults.describe() });
    if (req.method === 'DELETE') {
      faults.set(undefined);
      return json(200, { plan: null });
    }
    if (req.method === 'POST') {
      const body = readJsonBody(req, '{"fault":"status=503"}');
      if ('refusal' in body) return body.refusal;
      const given = body.value;
      if (typeof given['fault'] !== 'string') return json(400, { error: 'fault: is required, e.g. {"fault":"status=503","count":1}' });
      const plan: FaultPlan = { fault: given['fault'] };
      if (given['count'] !== undefined) {
        if (typeof given['count'] !== 'number') return json(400, { error: 'count: must be a positive integer' });
        plan.count = given['count'];
      }
      try {
        parseFault(plan.fault);
        faults.set(plan);
      } catch (e) {
        return json(400, { error: (e as Error).message });
      }
      return json(200, { plan: faults.describe() });
    }
  }
  return undefined;
}
