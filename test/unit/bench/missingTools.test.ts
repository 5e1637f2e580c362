import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../../harness/paths';

describe('npm run bench on a clone without code-server or Chromium', () => {
  it('says which rows it skipped and which command brings them, prints the other figures, and exits 0', () => {
    // A clone that has built its bundles (dist/) but has no .cache/ with code-server, and no Chromium.
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-fresh-'));
    fs.symlinkSync(path.join(repoRoot, 'dist'), path.join(fresh, 'dist'));
    try {
      const r = spawnSync(process.execPath, [path.join(repoRoot, 'out', 'bench', 'index.js'), 'foundation', 'webview'], {
        env: { ...process.env, PW_REPO_ROOT: fresh, PW_CHROMIUM: path.join(fresh, 'no-chromium') },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
      const rows = r.stdout.split('\n');
      const skippedRow = (area: string) => rows.find((l) => l.startsWith(area) && l.includes('skipped'));
      for (const area of ['foundation', 'webview']) {
        assert.match(skippedRow(area) ?? '', /`bash scripts\/ensure-code-server\.sh` installs what is missing/, `${area}: ${r.stdout}`);
      }
      assert.match(skippedRow('foundation') ?? '', /no code-server/);
      assert.match(skippedRow('webview') ?? '', /no Chromium/);
      assert.ok(rows.some((l) => l.startsWith('webview') && l.includes('bundle dist/webview/form.js') && !l.includes('skipped')), 'the bundle sizes are still printed');
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
