import { ownValue } from '../json/ownKey';
import type { CodeExplanation, DecodedResponse, OfferRow } from './types';

const TONE_MARK: Record<DecodedResponse['verdict']['tone'], string> = {
  success: '✅',
  warning: '⚠️',
  error: '❌',
  info: 'ℹ️',
};

/**
 * A readable Markdown report of a decoded response for the text response view. Sections appear
 * only when the response had them, in the order a developer asks the questions: did it work, why,
 * what did the checks say, what state is the order in.
 */
export function renderDecodedAsText(d: DecodedResponse): string {
  const out: string[] = [];
  out.push(`# ${ownValue(TONE_MARK, d.verdict.tone) ?? ''} ${safe(d.verdict.title)}`.replace('#  ', '# '), '', safe(d.verdict.detail), '');
  if (d.verdict.action) out.push(`_Fix: run **${safe(d.verdict.action.label)}** (Command Palette, Payment Workbench)._`, '');
  out.push(`_${d.api} · ${safe(d.operationId)} · HTTP ${d.httpStatus}_`, '');
  renderOutcome(d, out);
  renderError(d, out);
  renderRisk(d, out);
  renderVerification(d, out);
  renderThreeDSecure(d, out);
  renderBrowserPayment(d, out);
  renderFacts('Order', d.order, out);
  renderOrderTransactions(d, out);
  renderTransaction(d, out);
  renderFacts('Card', d.card, out);
  renderSession(d, out);
  renderFinancing(d, out);
  renderFacts('Record', d.record, out);
  if (d.notes.length > 0) {
    out.push('## Notes', '', ...d.notes.map((n) => `- ${safe(n)}`), '');
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

/**
 * Response text comes from a server we do not control and ends up in a Markdown preview: no raw
 * HTML, no line breaks that start new blocks, no backticks that close a code span early.
 */
function safe(value: string | number | boolean): string {
  return String(value).replace(/\r\n?|\n/g, ' ').replace(/</g, '&lt;');
}

function span(value: string): string {
  return `\`${value.replace(/`/g, "'").replace(/\r\n?|\n/g, ' ')}\``;
}

function code(c: CodeExplanation): string {
  return `${span(c.code)} — ${safe(c.meaning)}`;
}

function codeWithStep(c: CodeExplanation): string {
  return c.nextStep ? `${code(c)} _Next:_ ${safe(c.nextStep)}` : code(c);
}

/** Table cells must not break the table: pipes escaped, line breaks flattened. */
function cell(value: string | number | undefined): string {
  if (value === undefined || value === '') return '—';
  return safe(value).replace(/\|/g, '\\|');
}

function table(headers: string[], rows: (string | number | undefined)[][], out: string[]): void {
  out.push(`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`);
  for (const row of rows) out.push(`| ${row.map(cell).join(' | ')} |`);
  out.push('');
}

function renderOutcome(d: DecodedResponse, out: string[]): void {
  const o = d.outcome;
  if (!o) return;
  out.push('## Outcome', '', `- **result**: ${span(o.result)} — ${safe(o.resultMeaning)}`);
  if (o.gatewayCode) out.push(`- **gatewayCode**: ${codeWithStep(o.gatewayCode)}`);
  if (o.acquirerCode !== undefined || o.acquirerMessage !== undefined) {
    out.push(`- **acquirer**: ${safe([o.acquirerCode, o.acquirerMessage].filter((x) => x !== undefined).join(' — '))}`);
  }
  if (o.debugInformation) out.push(`- **debug information**: ${safe(o.debugInformation)}`);
  out.push('');
}

function renderError(d: DecodedResponse, out: string[]): void {
  const e = d.error;
  if (!e) return;
  out.push('## Error', '', `- **HTTP status**: ${e.httpStatus}`);
  if (e.cause) out.push(`- **cause**: ${code(e.cause)}`);
  if (e.explanation) out.push(`- **explanation**: ${safe(e.explanation)}`);
  if (e.field) out.push(`- **field**: ${span(e.field)}`);
  if (e.validationType) out.push(`- **validation**: ${code(e.validationType)}`);
  if (e.supportCode) out.push(`- **support code**: ${safe(e.supportCode)}`);
  out.push(`- **what to fix**: ${safe(e.whatToFix)}`, '');
}

function renderRisk(d: DecodedResponse, out: string[]): void {
  const r = d.risk;
  if (!r) return;
  out.push(`## Risk (from ${span(r.source)})`, '');
  if (r.gatewayCode) out.push(`- **assessment**: ${codeWithStep(r.gatewayCode)}`);
  if (r.review) {
    const extra = [r.review.reason && `reason: ${r.review.reason}`, r.review.note && `note: ${r.review.note}`].filter(Boolean).join('; ');
    out.push(`- **review**: ${code(r.review.decision)}${extra ? ` (${safe(extra)})` : ''}`);
  }
  if (r.reversal) out.push(`- **reversal**: ${code(r.reversal)}`);
  if (r.totalScore !== undefined) out.push(`- **total score**: ${r.totalScore}`);
  out.push('');
  if (r.rules.length > 0) {
    table(
      ['Rule', 'Type', 'Recommendation', 'Score', 'Data'],
      r.rules.map((rule) => [rule.name, rule.type, rule.recommendation?.code, rule.score, rule.data]),
      out,
    );
  }
}

function renderVerification(d: DecodedResponse, out: string[]): void {
  if (!d.avs && !d.csc && !d.detailedVerification) return;
  out.push('## Card checks', '');
  if (d.csc) out.push(`- **card security code (CSC)**: ${code(d.csc)}`);
  if (d.avs) out.push(`- **address verification (AVS)**: ${code(d.avs)}`);
  for (const v of d.detailedVerification ?? []) out.push(`- **${safe(v.type)}**: ${code(v.result)}`);
  out.push('');
}

function renderThreeDSecure(d: DecodedResponse, out: string[]): void {
  const t = d.threeDSecure;
  if (!t) return;
  out.push('## 3-D Secure', '');
  if (t.enrollment) out.push(`- **enrollment**: ${code(t.enrollment)}`);
  if (t.authentication) out.push(`- **authentication**: ${code(t.authentication)}`);
  if (t.acsEci) out.push(`- **ECI**: ${safe(t.acsEci)}`);
  out.push('');
}

function renderBrowserPayment(d: DecodedResponse, out: string[]): void {
  const b = d.browserPayment;
  if (!b) return;
  out.push('## Browser payment', '', `- **status**: ${codeWithStep(b.status)}`);
  if (b.redirectUrl) out.push(`- **redirect the payer to**: ${span(b.redirectUrl)}`);
  if (b.redirectHtml !== undefined) {
    const start = b.redirectHtml.length > 200 ? `${b.redirectHtml.slice(0, 200)}…` : b.redirectHtml;
    out.push(`- **page to render in the payer's browser** (browserPayment.redirectHtml, ${b.redirectHtml.length} characters): ${span(start)}`);
  }
  for (const t of b.timestamps) out.push(`- **${t.name}**: ${safe(t.value)}`);
  out.push('');
}

function renderTransaction(d: DecodedResponse, out: string[]): void {
  const t = d.transaction;
  if (!t) return;
  const { type, ...rest } = t;
  renderFacts('Transaction', { ...(type && { type: `${type.code} (${type.meaning})` }), ...rest }, out);
}

function renderSession(d: DecodedResponse, out: string[]): void {
  const s = d.session;
  if (!s) return;
  out.push('## Session', '');
  if (s.id) out.push(`- **id**: ${safe(s.id)}`);
  if (s.updateStatus) out.push(`- **update status**: ${code(s.updateStatus)}`);
  if (s.version) out.push(`- **version**: ${safe(s.version)}`);
  out.push('');
}

const FACT_LABELS: Readonly<Record<string, string>> = {
  statusMeaning: 'status means',
  totalAuthorizedAmount: 'total authorized',
  totalCapturedAmount: 'total captured',
  totalRefundedAmount: 'total refunded',
  authorizationCode: 'authorization code',
  acquirerId: 'acquirer',
  acquirerBatch: 'acquirer batch',
  fundingMethod: 'funding',
  timeOfRecord: 'time of record',
  gatewayEntryPoint: 'entry point',
  apiVersion: 'API version',
  correlationId: 'correlation id',
};

/** A flat group of text facts as a two-column table. */
function renderFacts(title: string, group: object | undefined, out: string[]): void {
  if (!group) return;
  const rows = Object.entries(group).filter((e): e is [string, string] => typeof e[1] === 'string');
  if (rows.length === 0) return;
  out.push(`## ${title}`, '');
  table(['Field', 'Value'], rows.map(([k, v]) => [ownValue(FACT_LABELS, k) ?? k, v]), out);
}

/** Retrieve Order: the order's transactions, oldest first. */
function renderOrderTransactions(d: DecodedResponse, out: string[]): void {
  const rows = d.order?.transactions;
  if (!rows || rows.length === 0) return;
  out.push('## Transactions on the order', '');
  table(['Time', 'Transaction', 'Type', 'Amount', 'Result', 'Gateway code', 'Reverses'],
    rows.map((t) => [t.timeOfRecord, t.id, t.type, t.amount !== undefined ? `${t.amount}${t.currency ? ` ${t.currency}` : ''}` : undefined, t.result, t.gatewayCode, t.targetTransactionId]), out);
}

function renderFinancing(d: DecodedResponse, out: string[]): void {
  const f = d.financing;
  if (!f) return;
  out.push('## Financing', '');
  if (f.success !== undefined) out.push(`- **success**: ${f.success}`);
  if (f.message !== undefined) out.push(`- **message**: ${f.message === null ? '(null)' : safe(f.message)}`);
  if (f.tokenSet) {
    const t = f.tokenSet;
    out.push(`- **token set**: ${safe(t.tokenType ?? 'token')} access token of ${t.accessTokenLength ?? '?'} characters, refresh token of ${t.refreshTokenLength ?? '?'} characters, expires in ${t.expiresInSeconds} s (values hidden)`);
  }
  if (f.sessionId) out.push(`- **session id**: ${safe(f.sessionId)}`);
  if (f.sessionUrl) out.push(`- **session URL**: ${span(f.sessionUrl)}`);
  out.push('');
  if (f.offers && f.offers.length > 0) renderOffers(f.offers, out);
}

function renderOffers(offers: OfferRow[], out: string[]): void {
  out.push('### Offers', '');
  table(
    ['#', 'Offer', 'Months', 'Instalment', 'Interest %', 'DAE (APR) %', 'Total credit', 'Loan', 'Analysis fee', 'id / childId'],
    offers.map((o, i) => [
      i + 1,
      o.name,
      o.months,
      o.instalment,
      o.interest,
      o.dae,
      o.totalCreditAmount,
      o.loanAmount,
      o.analysisFee,
      [o.id, o.childId].filter((x) => x !== undefined).join(' / ') || undefined,
    ]),
    out,
  );
}
