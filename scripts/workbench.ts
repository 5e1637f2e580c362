import * as fs from 'node:fs';
import * as path from 'node:path';
import { startCodeServer } from '../test/harness/codeServer';
import { repoRoot, vsixPath } from '../test/harness/paths';
import { startSimulator, SIMULATOR_DEFAULTS } from '../src/simulator';

/**
 * `npm run workbench`: the local simulator on its default port plus a real VS Code (code-server) with
 * the packaged extension installed, opened on examples/. Open the printed address in a browser.
 */
async function main(): Promise<void> {
  const port = Number(process.env.PW_WORKBENCH_PORT ?? 8080);
  const simulator = await startSimulator({ port: SIMULATOR_DEFAULTS.port });
  const folder = path.join(repoRoot, 'examples');
  fs.mkdirSync(folder, { recursive: true });
  const server = await startCodeServer({ folder, install: [vsixPath], port });
  console.log(`\nLocal simulator:   ${simulator.baseUrl}  (partner ${SIMULATOR_DEFAULTS.partnerEmail} / ${SIMULATOR_DEFAULTS.partnerPassword}, merchant ${SIMULATOR_DEFAULTS.merchantId})`);
  console.log(`Payment Workbench: ${server.url}/?folder=${encodeURIComponent(folder)}\n`);
  console.log('Open the address above in a browser. Ctrl+C stops both.');
  const stop = async () => {
    await server.stop();
    await simulator.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
