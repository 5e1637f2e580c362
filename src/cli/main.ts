/**
 * `payment-workbench`: the CLI adapter over the engine (dist/cli.js, the `bin` of package.json).
 * Exit status 0 when every step passed, 1 when a step failed, 2 for bad usage or an invalid file.
 */
import { runSimulatorCommand, SimulatorUsageError } from '../simulator/terminal';
import { listenCommand } from './listenCommand';
import { runCommand, type CliIo } from './runCommand';
import { USAGE, UsageError } from './usage';

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'run':
        if (rest.includes('--help') || rest.includes('-h')) {
          io.out(USAGE);
          return 0;
        }
        return await runCommand(rest, io);
      case 'listen':
        if (rest.includes('--help') || rest.includes('-h')) {
          io.out(USAGE);
          return 0;
        }
        return await listenCommand(rest, io);
      case 'simulator':
        await runSimulatorCommand(rest);
        return -1; // keeps running until Ctrl+C
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError || err instanceof SimulatorUsageError) {
      io.err(`payment-workbench: ${err.message}`);
      if (!(err.message.includes('\n'))) io.err('(payment-workbench --help shows the usage)');
      return 2;
    }
    io.err(`payment-workbench: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
