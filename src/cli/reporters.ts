/** text (a line per step as it runs, then a summary), junit (one testsuite per flow) and json (the same as data). */
import type { ReportedFlow, ReportedStep, RunReport } from './report';
import { describeSecretSent, failureLines, secretsSentLine } from './report';
import { displayWidth, fitColumn, fitColumnKeepingEnd } from './columns';

export const REPORTERS = ['text', 'junit', 'json'] as const;
export type ReporterName = (typeof REPORTERS)[number];

const SYMBOL: Record<ReportedStep['status'], string> = { passed: '✓', failed: '✗', skipped: '-' };

export function textFlowHeader(flow: { name: string; file: string; environment: string }): string {
  return `${flow.name}  (${flow.file}, ${flow.environment})`;
}

/** Cells of each column of a step's line; a longer text is cut with … (the JSON and JUnit reports keep it whole). */
const COLUMNS = { id: 12, title: 24, status: 11, verdict: 40 } as const;
/** The id column grows to the flow's longest step id up to this, so the line still fits a terminal. */
const MAX_ID_COLUMN = 32;

/** The id column for a flow's steps: wide enough for the longest id (12 to 32 cells), decided before the first line is printed. */
export function stepIdColumn(ids: readonly string[]): number {
  return Math.min(MAX_ID_COLUMN, Math.max(COLUMNS.id, ...ids.map(displayWidth)));
}

/** `idColumn`: stepIdColumn of the flow's steps, so its lines keep one column; an id longer still is cut in the middle, its end kept. */
export function textStepLine(step: ReportedStep, idColumn: number = COLUMNS.id): string {
  const status = step.httpStatus !== undefined ? `HTTP ${step.httpStatus}` : 'no response';
  const outcome = step.status === 'skipped' ? 'skipped' : `${fitColumn(status, COLUMNS.status)} ${fitColumn(step.verdict ?? '', COLUMNS.verdict)} ${step.durationMs} ms`;
  const head = `  ${SYMBOL[step.status]} ${fitColumnKeepingEnd(step.id, idColumn)} ${fitColumn(step.title, COLUMNS.title)} ${outcome}`;
  const detail = (step.status === 'failed' ? failureLines(step, { verdict: false }) : step.message ? [step.message] : []).map((l) => `      ${l}`);
  return [head.trimEnd(), ...detail].join('\n');
}

export function textSecretsLines(flow: ReportedFlow): string[] {
  const line = secretsSentLine(flow.secretsSent);
  return line ? [`  ${line}`] : [];
}

export function textSummary(report: RunReport): string {
  const { passed, failed, skipped } = report.summary;
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot hold at all are dropped rather than escaped.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function junitCase(flow: ReportedFlow, step: ReportedStep): string {
  const open = `    <testcase name="${xml(step.id)}" classname="${xml(flow.name)}" time="${seconds(step.durationMs)}">`;
  if (step.status === 'skipped') return `${open}<skipped/></testcase>`;
  if (step.status === 'passed') return `${open}</testcase>`;
  const lines = failureLines(step, { verdict: true });
  const message = lines[0] ?? 'failed';
  return `${open}\n      <failure message="${xml(message)}" type="${step.failures.length ? 'expectation' : 'error'}">${xml(lines.join('\n'))}</failure>\n    </testcase>`;
}

/** The hosts the flow's secrets went to, as the suite's properties (what CI shows beside the cases). */
function junitSecrets(flow: ReportedFlow): string[] {
  if (flow.secretsSent.length === 0) return [];
  const properties = flow.secretsSent.map((s) => `      <property name="secret sent: ${xml(s.secret)} of ${xml(s.environment)}" value="${xml(describeSecretSent(s))}"/>`);
  return ['    <properties>', ...properties, '    </properties>'];
}

export function junitReport(report: RunReport): string {
  const suites = report.flows.map((flow) => {
    const count = (s: ReportedStep['status']) => flow.steps.filter((x) => x.status === s).length;
    const head = `  <testsuite name="${xml(flow.name)}" tests="${flow.steps.length}" failures="${count('failed')}" skipped="${count('skipped')}" time="${seconds(flow.durationMs)}" file="${xml(flow.file)}">`;
    return [head, ...junitSecrets(flow), ...flow.steps.map((s) => junitCase(flow, s)), '  </testsuite>'].join('\n');
  });
  const { passed, failed, skipped } = report.summary;
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="payment-workbench" tests="${passed + failed + skipped}" failures="${failed}" skipped="${skipped}">`, ...suites, '</testsuites>', ''].join('\n');
}

export function jsonReport(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
