/**
 * `payment-workbench test-cards [--json]`: every test card the simulator knows (catalogue/testCards.ts),
 * as a table or as one JSON array (number, expiry {month, year}, securityCode, purpose, threeDS).
 */
import { TEST_CARD_LIST, type TestCard } from '../catalogue/testCards';
import type { CommandSpec } from '../format/commandLine';
import type { CliIo } from './runCommand';
import { parseCommand, UsageError } from './usage';

export const TEST_CARDS_COMMAND: CommandSpec = {
  name: 'test-cards',
  summary: `Lists the test cards the simulator knows: the approve/decline cards (the expiry picks the outcome,
01/39 approves) and the 3-D Secure cards (threeDS: frictionless, attempted, failed, rejected, challenge,
notEnrolled, unavailable). They work on a real gateway's TEST merchant as far as the public test card
tables go; cards marked "simulator card" only on the simulator.`,
  flags: [
    { name: '--json', help: 'one JSON array: number, expiry {month, year}, securityCode, purpose, threeDS (3-D Secure cards only)' },
  ],
};

function line(card: TestCard): string {
  const expiry = `${card.expiry.month.padStart(2, '0')}/${card.expiry.year}`;
  return `${card.number.padEnd(17)}${expiry.padEnd(7)}${(card.securityCode ?? '').padEnd(5)}${(card.threeDS ?? '').padEnd(13)}${card.purpose}`;
}

export function testCardsCommand(args: readonly string[], io: CliIo): number {
  const { flags, operands } = parseCommand(TEST_CARDS_COMMAND, args);
  if (operands.length) throw new UsageError(`test-cards: takes no files or names, got ${JSON.stringify(operands[0])}`);
  if (flags.has('--json')) {
    io.out(JSON.stringify(TEST_CARD_LIST, null, 2));
    return 0;
  }
  io.out(`${'number'.padEnd(17)}${'expiry'.padEnd(7)}${'csc'.padEnd(5)}${'3-D Secure'.padEnd(13)}purpose`);
  for (const card of TEST_CARD_LIST) io.out(line(card));
  return 0;
}
