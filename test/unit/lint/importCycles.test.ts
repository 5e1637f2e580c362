/**
 * Import circles as the lint tier sees them (scripts/importCycles.ts with .dependency-cruiser.cjs):
 * type-only imports count, which ESLint's import/no-cycle does not see.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findImportCycles } from '../../../scripts/importCycles';

/** Writes `files` (path → text) under a fresh folder and returns it. */
function fixture(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cycles-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('lint: import circles, type-only imports included', function () {
  this.timeout(60_000);
  const made: string[] = [];
  const cyclesIn = (files: Record<string, string>) => {
    const dir = fixture(files);
    made.push(dir);
    return findImportCycles(['src'], dir);
  };
  after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('a circle made only of `import type` fails, naming its modules', async () => {
    const report = await cyclesIn({
      'src/shop/order.ts': `import type { Line } from './line';\nexport interface Order { lines: Line[] }\n`,
      'src/shop/line.ts': `import type { Order } from './order';\nexport interface Line { order: Order }\n`,
    });
    assert.ok(report.circles.some((c) => c.includes('src/shop/order.ts') && c.includes('src/shop/line.ts')), report.circles.join('\n') || 'no circle reported');
    assert.match(report.text, /no-circular/);
  });

  it('a longer circle through an inline `type` specifier fails too', async () => {
    const report = await cyclesIn({
      'src/a.ts': `import { type B } from './b';\nexport type A = { b?: B };\n`,
      'src/b.ts': `import type { C } from './c';\nexport type B = { c?: C };\n`,
      'src/c.ts': `import type { A } from './a';\nexport type C = { a?: A };\n`,
    });
    assert.equal(report.circles.length > 0, true, 'no circle reported');
  });

  it('the same types in a leaf module pass', async () => {
    const report = await cyclesIn({
      'src/shop/types.ts': `export interface Order { lines: Line[] }\nexport interface Line { order: Order }\n`,
      'src/shop/order.ts': `import type { Order } from './types';\nexport const orderOf = (o: Order): Order => o;\n`,
      'src/shop/line.ts': `import type { Line, Order } from './types';\nexport const lineOf = (l: Line): Order => l.order;\n`,
    });
    assert.deepEqual(report.circles, []);
    assert.equal(report.modules, 3);
  });

});
