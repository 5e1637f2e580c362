import * as assert from 'node:assert/strict';
import { excerpt, listed, MAX_QUOTED_CHARS, quote, quoteValue, quoteValueAt } from '../../../src/format/quote';

describe('quoting input in messages (format/quote.ts)', () => {
  it('quotes at most 200 characters of a 900 KB text, then an ellipsis and the full length', () => {
    const name = 'n'.repeat(900_000);
    assert.equal(quote(name), `"${'n'.repeat(MAX_QUOTED_CHARS)}…" (900000 characters)`);
    assert.equal(excerpt(name), `${'n'.repeat(MAX_QUOTED_CHARS)}… (900000 characters)`);
    assert.equal(quoteValue({ key: name }).length < MAX_QUOTED_CHARS + 40, true);
    assert.equal(quote('short'), '"short"', 'a text that fits is quoted whole');
    assert.equal(quote('it\'s', { mark: "'" }), "'it's'", 'the catalogue\'s quotes, as the gateway writes them');
    assert.equal(quote('a"b\nc'), '"a\\"b\\nc"', 'a quote or a newline inside cannot break the line');
  });

  it('never cuts a character in two, nor a run of digits (the card mask needs the whole number)', () => {
    const emoji = `${'a'.repeat(MAX_QUOTED_CHARS - 1)}😀tail`;
    assert.equal(excerpt(emoji), `${'a'.repeat(MAX_QUOTED_CHARS - 1)}… (${emoji.length} characters)`);
    const card = `${'a'.repeat(MAX_QUOTED_CHARS - 8)}5123 4500 0000 0008 and more`;
    assert.equal(excerpt(card), `${'a'.repeat(MAX_QUOTED_CHARS - 8)}… (${card.length} characters)`, 'the start of a card number is not left showing');
  });

  it('quotes the value of a field through the redaction policy first: a secret never, a card number masked', () => {
    assert.equal(quoteValueAt('sourceOfFunds.provided.card.securityCode', '12a'), '<redacted>');
    assert.equal(quoteValueAt('apiPassword', 'Hunter2Secret'), '<redacted>');
    assert.equal(quoteValueAt('sourceOfFunds.provided.card.number', '5123450000000008'), '"512345xxxxxx0008"');
    assert.equal(quoteValueAt('order.description', 'paid with 5123450000000008, password=Hunter2Secret'), '"paid with 512345xxxxxx0008, password=<redacted>"');
    assert.equal(quoteValueAt('order.reference', 'x'.repeat(MAX_QUOTED_CHARS + 1)), `"${'x'.repeat(MAX_QUOTED_CHARS)}…" (${MAX_QUOTED_CHARS + 1} characters)`);
  });

  it('writes control characters as escapes: a quoted name cannot start a line in a CI log nor drive a terminal', () => {
    assert.equal(excerpt('a\nb\u001b[2J\u009bc\u2028'), 'a\\nb\\u001b[2J\\u009bc\\u2028');
    assert.equal(quote('x\u001b\u0085y', { mark: "'" }), "'x\\u001b\\u0085y'");
    assert.equal(quote('x\n\u007f'), '"x\\n\\u007f"');
  });

  it('lists at most 10 items, then how many more', () => {
    assert.equal(listed(['a', 'b']), 'a, b');
    assert.equal(listed(Array.from({ length: 12 }, (_, i) => String(i))), '0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 2 more');
  });
});
