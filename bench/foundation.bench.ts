import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codeServerBin, node24Bin, repoRoot, vsixPath } from '../test/harness/paths';
import { missingTools, type Report } from './report';

/** Package size and activation cost, the latter measured inside a real extension host (code-server). */
export async function run(report: Report): Promise<void> {
  if (fs.existsSync(vsixPath)) report('foundation', 'VSIX size', Math.round(fs.statSync(vsixPath).size / 1024), 'KiB');
  else report('foundation', 'VSIX size', 'skipped: no dist/payment-workbench.vsix; `npm run package` builds it');
  for (const b of ['extension.js', 'features.js', 'simulator.js']) {
    const f = path.join(repoRoot, 'dist', b);
    if (fs.existsSync(f)) report('foundation', `bundle dist/${b}`, Math.round(fs.statSync(f).size / 1024), 'KiB');
  }
  const skipped = missingTools([{ name: 'code-server', path: codeServerBin }, { name: 'Node 24 for code-server', path: path.join(node24Bin, 'node') }], fs.existsSync);
  if (skipped) {
    report('foundation', 'activation and first Send in code-server', skipped);
    return;
  }
  const activationFile = path.join(repoRoot, 'test-artifacts', 'activation.json');
  const firstSendFile = path.join(repoRoot, 'test-artifacts', 'first-send.json');
  const load: number[] = [];
  const activate: number[] = [];
  const evaluate: number[] = [];
  const firstSend: number[] = [];
  const reference: number[] = [];
  for (let i = 0; i < 3; i++) {
    fs.rmSync(activationFile, { force: true });
    fs.rmSync(firstSendFile, { force: true });
    const r = spawnSync('node', [path.join(repoRoot, 'out', 'test', 'runners', 'runIntegration.js')], {
      env: { ...process.env, PW_INTEGRATION_GREP: 'activates|on first use' },
      encoding: 'utf8',
    });
    if (r.status !== 0 || !fs.existsSync(activationFile)) {
      report('foundation', 'activation in code-server', `failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
      process.exitCode = 1;
      return;
    }
    const t = JSON.parse(fs.readFileSync(activationFile, 'utf8')) as { activateMs: number; loadAndActivateMs?: number; evaluateMs?: number; referenceMs?: number };
    activate.push(t.activateMs);
    if (t.referenceMs !== undefined) reference.push(t.referenceMs);
    if (t.loadAndActivateMs !== undefined) load.push(t.loadAndActivateMs);
    if (t.evaluateMs !== undefined) evaluate.push(t.evaluateMs);
    if (fs.existsSync(firstSendFile)) firstSend.push((JSON.parse(fs.readFileSync(firstSendFile, 'utf8')) as { firstSendMs: number }).firstSendMs);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  report('foundation', 'activate() in code-server, median of 3 runs', median(activate), 'ms');
  report('foundation', 'evaluation of dist/extension.js in code-server, median of 3', median(evaluate), 'ms');
  const ownCost = evaluate.map((e, i) => e + (activate[i] ?? NaN));
  report('foundation', 'evaluation + activate() (our own cost at activation), median of 3', median(ownCost), 'ms');
  report('foundation', 'reference workload in the same host (activation.test.ts), median of 3', median(reference), 'ms');
  // The figure that compares across machines: activation in units of the same host's reference workload.
  report('foundation', 'evaluation + activate() ÷ reference workload, median of 3', Math.round(median(ownCost.map((c, i) => c / (reference[i] ?? NaN))) * 100) / 100, '×');
  report('foundation', 'first line of the bundle to the end of activate() (includes VS Code preparing the context), median of 3', median(load), 'ms');
  report('foundation', 'first Send after activation (feature bundle loaded + Authorize to the simulator), median of 3', Math.round(median(firstSend)), 'ms');
}
