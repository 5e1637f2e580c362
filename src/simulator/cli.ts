/** `npm run simulator [-- --port N …]`: the entry of dist/simulator.js. */
import { runSimulatorCommand } from './terminal';

runSimulatorCommand(process.argv.slice(2)).catch((e: unknown) => {
  console.error(`simulator: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
