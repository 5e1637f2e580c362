/** `npm run simulator [-- --port N …]`: the entry of dist/simulator.js. */
import { commandHelp } from '../format/commandLine';
import { errorText } from '../format/errorText';
import { terminalText } from '../format/quote';
import { runSimulatorCommand, SIMULATOR_COMMAND } from './terminal';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(commandHelp(SIMULATOR_COMMAND));
} else {
  runSimulatorCommand(args).catch((e: unknown) => {
    console.error(terminalText(errorText(e)));
    process.exit(1);
  });
}
