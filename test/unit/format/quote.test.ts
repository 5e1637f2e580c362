import * as assert from 'node:assert/strict';
import { errorText } from '../../../src/format/errorText';
import { excerpt, listed, MAX_QUOTED_CHARS, quote, quoteValue, quoteValueAt, terminalText } from '../../../src/format/quote';

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

  it('writes text for a terminal with every control but the line feed escaped, the bidirectional overrides too; JSON stays the same JSON', () => {
    assert.equal(terminalText('line one\nline two'), 'line one\nline two', 'the lines the CLI prints are kept');
    assert.equal(terminalText('\u001b]0;pwned\u0007\u001b[2J\rAPPROVED\tx'), '\\u001b]0;pwned\\u0007\\u001b[2J\\rAPPROVED\\tx');
    assert.equal(terminalText('\u009b31m \u007f \u202eabc\u2066 \u2028'), '\\u009b31m \\u007f \\u202eabc\\u2066 \\u2028');
    assert.equal(terminalText('plain text, é, 😀'), 'plain text, é, 😀');
    const json = JSON.stringify({ id: 'a\u009b\u202eb\u2028' }, null, 2);
    assert.deepEqual(JSON.parse(terminalText(json)), { id: 'a\u009b\u202eb\u2028' }, 'what JSON.stringify leaves raw is escaped as JSON escapes it');
  });

  it('tells any thrown value in words: never "[object Object]" nor an empty message', () => {
    assert.equal(errorText(new Error('it broke')), 'it broke');
    assert.equal(errorText('plain words'), 'plain words');
    assert.equal(errorText({ error: { cause: 'INVALID_REQUEST', explanation: 'Invalid URL' }, result: 'ERROR' }), 'Invalid URL', "the gateway's error envelope in its own words");
    assert.equal(errorText({ error: 'no notification x' }), 'no notification x');
    assert.equal(errorText(new AggregateError([Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), new Error('connect ECONNREFUSED ::1:9')], '')), 'connect ECONNREFUSED 127.0.0.1:9; connect ECONNREFUSED ::1:9');
    assert.equal(errorText({ status: 500 }), '{"status":500}');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    for (const thrown of [{}, [], cycle, 10n, undefined, null, Object.create(null) as unknown, new Error('')]) {
      const text = errorText(thrown);
      assert.ok(text !== '' && !text.includes('[object'), `${String(typeof thrown)}: ${text}`);
    }
  });

  it('lists at most 10 items, then how many more', () => {
    assert.equal(listed(['a', 'b']), 'a, b');
    assert.equal(listed(Array.from({ length: 12 }, (_, i) => String(i))), '0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 2 more');
  });
});
