/**
 * Import at its bounds: a Postman collection of 500 requests (the most one import takes) into
 * workbench files, and a cURL command of 1 MB through the shell tokenizer; plus where the import code
 * lives (the activation bundle must not carry it: it is loaded with the feature bundle on first use).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { importFiles } from '../src/interop';
import { shellCommands } from '../src/interop/import/shellWords';
import type { Report } from './report';

const AREA = 'interop';
const REQUESTS = 500;

function collection(): string {
  const card = { type: 'CARD', provided: { card: { number: '5123450000000008', expiry: { month: '1', year: '39' }, securityCode: '100' } } };
  const item = (i: number) => ({
    name: `Authorize ${i}`,
    request: { method: 'PUT', url: `{{baseUrl}}/api/rest/version/11/merchant/{{merchantId}}/order/O-${i}/transaction/1`, body: { mode: 'raw', raw: JSON.stringify({ apiOperation: 'AUTHORIZE', order: { amount: '10.00', currency: 'EUR' }, sourceOfFunds: card }) } },
  });
  return JSON.stringify({
    info: { name: 'Bench', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    variable: [{ key: 'baseUrl', value: 'https://gw.test' }, { key: 'merchantId', value: 'TESTM' }],
    item: Array.from({ length: REQUESTS }, (_, i) => item(i)),
  });
}

function ms(action: () => void): number {
  const t0 = performance.now();
  action();
  return performance.now() - t0;
}

export async function run(report: Report): Promise<void> {
  const text = collection();
  const noFiles = (): string => '';
  importFiles([{ name: 'bench.json', text }], noFiles); // warm-up: the catalogue compiles each body once
  report(AREA, `import a Postman collection of ${REQUESTS} requests (${Math.round(text.length / 1024)} KiB)`, ms(() => importFiles([{ name: 'bench.json', text }], noFiles)), 'ms');
  const curl = `curl -X PUT https://h/x ${`-H 'X-A: "b"' \\\n`.repeat(60_000)}`;
  report(AREA, `tokenize a cURL command of ${Math.round(curl.length / 1024)} KiB (120 000 words, refused past 10 000)`, ms(() => {
    try {
      shellCommands(curl, 'bench.sh');
    } catch {
      // the bound is the point: the refusal comes after a linear pass
    }
  }), 'ms');
  const activation = path.join(__dirname, '..', '..', 'dist', 'extension.js');
  if (fs.existsSync(activation)) report(AREA, 'import code in the activation bundle (dist/extension.js)', fs.readFileSync(activation, 'utf8').includes('schema.getpostman.com') ? 'yes (should be no)' : 'no', '');
  return Promise.resolve();
}
