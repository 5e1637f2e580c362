/**
 * `payment-workbench test-cards [--json]`: every test card the simulator knows (catalogue/testCards.ts),
 * as a table or as one JSON array (number, expiry {month, year}, securityCode, purpose, threeDS).
 */
import { TEST_CARD_LIST, type TestCard } from '../catalogue/testCards';
import type { CliIo } from './runCommand';
import { parseCommand, TEST_CARDS_COMMAND, UsageError } from './usage';


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
