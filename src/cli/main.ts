/**
 * `payment-workbench`: the CLI adapter over the engine (dist/cli.js, the `bin` of package.json).
 * Exit status 0 when every step passed, 1 when a step failed, 2 for bad usage or an invalid file,
 * 3 when `run` could not reach an environment, 4 when a secret would reach a host the pinned hosts
 * (--secret-hosts, PAYMENT_WORKBENCH_SECRET_HOSTS) do not allow (report.ts RUN_EXIT).
 */
import * as path from 'node:path';
import { errorText } from '../format/errorText';
import { terminalText } from '../format/quote';
import { runSimulatorCommand, SimulatorUsageError } from '../simulator/terminal';
import { exportCommand } from './exportCommand';
import { importCommand } from './importCommand';
import { listenCommand } from './listenCommand';
import { defaultCertDir, tapCommand } from './tapCommand';
import { tapEnvCommand } from './tapIntercept';
import { tapFilesCommand } from './tapFilesCommand';
import { TAP_ENV_COMMAND, tapFileCommandOf } from './tapFilesSpecs';
import { runCommand, type CliIo } from './runCommand';
import { COMMANDS, helpOf, USAGE, UsageError } from './usage';
import { packageVersion } from './version';
import { testCardsCommand } from './testCardsCommand';
import { deliveriesCommand } from './deliveriesCommand';
import { deliveriesCommandOf } from './deliverySpecs';
import { reconcileCommand } from './reconcileCommand';
import { triggerCommand } from './triggerCommand';
import { SECRET_HOST_REFUSED_EXIT, SecretHostRefused } from './secretHosts';

/** The commands with a --help of their own, which a usage error points to. */
const SUBCOMMANDS_WITH_HELP = new Set(COMMANDS.map((c) => c.name));
// Only before `--`: what follows is a command run through the tap, with flags of its own.
const wantsHelp = (args: readonly string[]) => {
  const own = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  return own.includes('--help') || own.includes('-h');
};

/**
 * The one way out of the CLI: every line a command prints, and every error, goes through
 * terminalText. An id from a URL or an answer, a file name, a server's words: none can drive the
 * terminal (recolour, retitle, clear, overwrite a line), whichever command printed it.
 */
function terminalSafe(io: CliIo): CliIo {
  return { ...io, out: (text) => io.out(terminalText(text)), err: (text) => io.err(terminalText(text)) };
}

export async function main(argv: readonly string[], given: CliIo): Promise<number> {
  const io = terminalSafe(given);
  const [command, ...rest] = argv;
  try {
    const help = command !== undefined && wantsHelp(rest) ? helpOf(subcommandName(command, rest)) : undefined;
    if (help) {
      io.out(help);
      return 0;
    }
    switch (command) {
      case 'run':
        return await runCommand(rest, io);
      case 'listen':
        return await listenCommand(rest, io);
      case 'tap':
        if (rest[0] === 'env') return tapEnvCommand(rest.slice(1), io, (given) => (given ? path.resolve(io.cwd, given) : defaultCertDir(io.env)));
        return tapFileCommandOf(rest) ? await tapFilesCommand(rest, io) : await tapCommand(rest, io);
      case 'import':
        return await importCommand(rest, io);
      case 'export':
        return await exportCommand(rest, io);
      case 'test-cards':
        return testCardsCommand(rest, io);
      case 'trigger':
        return await triggerCommand(rest, io);
      case 'deliveries':
        return await deliveriesCommand(rest, io);
      case 'reconcile':
        return await reconcileCommand(rest, io);
      case 'simulator':
        await runSimulatorCommand(rest);
        return -1; // keeps running until Ctrl+C
      case '--version':
      case '-V':
        io.out(`payment-workbench ${packageVersion()}`);
        return 0;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"; the commands are run, simulator, listen, tap, trigger, deliveries, reconcile, import, export and test-cards`);
    }
  } catch (err) {
    if (err instanceof SecretHostRefused) {
      io.err(`payment-workbench: ${err.message}`);
      return SECRET_HOST_REFUSED_EXIT;
    }
    if (err instanceof UsageError || err instanceof SimulatorUsageError) {
      io.err(`payment-workbench: ${err.message}`);
      const helped = command === undefined ? undefined : subcommandName(command, rest);
      if (!err.message.includes('\n')) io.err(`(payment-workbench ${SUBCOMMANDS_WITH_HELP.has(helped ?? '') ? `${helped} ` : ''}--help shows the usage)`);
      return 2;
    }
    io.err(`payment-workbench: ${errorText(err)}`);
    return 1;
  }
}

/** "tap flow", "deliveries show": the command a help or a usage error is about. */
function subcommandName(command: string, rest: readonly string[]): string {
  if (command === 'tap') return rest[0] === 'env' ? TAP_ENV_COMMAND.name : tapFileCommandOf(rest)?.name ?? command;
  if (command === 'deliveries') return deliveriesCommandOf(rest)?.name ?? command;
  return command;
}
