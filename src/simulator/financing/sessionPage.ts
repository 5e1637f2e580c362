import { originOf, simulatorPage } from '../pages';
import { escapeHtml, type SimResponse } from '../types';
import type { FinancingApplication } from './applications';

const STYLE = 'td{padding:.2rem .8rem}button{margin-right:.5rem}';

/** The consumer's financing page: plain HTML forms (no script), one button per decision. */
export function applicationPage(app: FinancingApplication, decisionUrl: string): SimResponse {
  const o = app.offer;
  const done = app.status !== 'New' && app.status !== 'Started';
  const buttons = done
    ? `<p>This application is <strong>${escapeHtml(app.status)}</strong>.</p>`
    : `<form method="post" action="${escapeHtml(decisionUrl)}">
  <button name="status" value="Disbursed">Approve and disburse</button>
  <button name="status" value="Rejected">Reject</button>
  <button name="status" value="Cancelled">Cancel</button>
  <button name="status" value="Expired">Let it expire</button>
</form>`;
  return simulatorPage({
    status: 200, title: 'Simulated financing', style: STYLE,
    // The buttons post here; Chrome applies form-action to the redirect after the POST too, so the partner's return origin is allowed.
    formTargets: ["'self'", originOf(app.redirectUrl)].filter((t) => t !== '').join(' '),
    body: `<p>Order <strong>${escapeHtml(String(app.externalId ?? '—'))}</strong>, status <strong id="status">${escapeHtml(app.status)}</strong>.</p>
<table>
<tr><td>Offer</td><td>${escapeHtml(o.name)}</td></tr>
<tr><td>Amount financed</td><td>${o.loan_amount.toFixed(2)}</td></tr>
<tr><td>Monthly instalment</td><td>${o.installment.toFixed(2)} × ${o.credit_period_months}</td></tr>
<tr><td>Nominal rate / APR</td><td>${o.interest} % / ${o.dae} %</td></tr>
<tr><td>Analysis fee</td><td>${o.analysis_fee.toFixed(2)}</td></tr>
<tr><td>Total payable</td><td>${o.total_credit_amount.toFixed(2)}</td></tr>
</table>
${buttons}`,
  });
}
