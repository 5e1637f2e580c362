import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TEST_CARD_LIST } from '../../../src/catalogue/testCards';
import { decodeResponse } from '../../../src/decode';
import { KnownSecrets, redactBodyText, toCurl } from '../../../src/http';
import {
  hasUrlUserinfo,
  isStoredCredentialPath,
  isSecretName,
  maskCardNumber,
  REDACTED,
  redactJson,
  redactMessage,
  redactText,
  redactUrlUserinfo,
} from '../../../src/redaction';
import { redactBody as simulatorRedactBody, redactText as simulatorRedactText } from '../../../src/simulator/redact';
import { environmentSchema } from '../../../src/environments/environment';

describe('one redaction policy (src/redaction)', () => {
  it('is pure TypeScript: imports nothing from Node, vscode or outside the folder, so webviews may use it', () => {
    const dir = path.join(process.cwd(), 'src', 'redaction');
    for (const file of fs.readdirSync(dir)) {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) assert.match(m[1] ?? '', /^\.\/[\w]+$/, `${file} imports ${m[1]}`);
      assert.doesNotMatch(text, /\b(Buffer|process|require)\b/, `${file} uses Node`);
    }
  });

  it('one card mask, the gateway\'s own, used by client, decoder, cURL and simulator', () => {
    const expected = '512345xxxxxx0008';
    assert.equal(maskCardNumber('5123450000000008'), expected);
    assert.equal(maskCardNumber('5123 4500 0000 0008'), expected);
    assert.equal(maskCardNumber(expected), expected, 'an already masked number stays');
    // client (body text), simulator log, decoder report, cURL
    assert.match(redactBodyText('{"card":{"number":"5123450000000008"}}'), /"512345xxxxxx0008"/);
    assert.equal(simulatorRedactBody('{"card":{"number":"5123450000000008"}}'), `{"card":{"number":"${expected}"}}`);
    const decoded = decodeResponse({
      operationId: 'gateway.authorize',
      httpStatus: 201,
      body: { result: 'SUCCESS', sourceOfFunds: { provided: { card: { number: '5123450000000008' } } } },
      rawText: '{}',
    });
    assert.equal(decoded.card?.number, expected);
    const curl = toCurl({ method: 'PUT', url: 'https://h/x', headers: {}, body: '{"number":"5123450000000008"}', timeoutMs: 1000, maxResponseBytes: 1000 }, { includeSecrets: false });
    assert.ok(curl.includes(expected) && !curl.includes('5123450000000008'), curl);
  });

  it('redacts userinfo in any URL printed, and environments refuse a URL with a password', () => {
    assert.equal(redactUrlUserinfo('GET https://user:s3cret@gw.test/x?a=1'), `GET https://${REDACTED}@gw.test/x?a=1`);
    assert.equal(redactText('see http://me:pw@127.0.0.1:8080/'), `see http://${REDACTED}@127.0.0.1:8080/`);
    assert.ok(hasUrlUserinfo('https://user:pass@host') && !hasUrlUserinfo('https://host/a@b'));
    const parsed = environmentSchema.safeParse({ id: 'x', name: 'X', gatewayUrl: 'https://merchant:hunter2@test-gateway.example.com' });
    assert.equal(parsed.success, false);
    const message = parsed.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') ?? '';
    assert.match(message, /^gatewayUrl: .*password.*Set Gateway API Password/);
    assert.ok(!message.includes('hunter2'));
    const financing = environmentSchema.safeParse({ id: 'x', name: 'X', financingBaseUrl: 'https://a:b@fin.test' });
    assert.match(financing.error?.issues[0]?.message ?? '', /Sign In to Financing API/);
  });

  it('redacts secrets in non-JSON text by key: pseudo-JSON, truncated JSON, form-encoded, escaped JSON', () => {
    const cases = [
      `{'email':'a@b.test','password':'hunter2'}`,
      `{"email":"a@b.test","password":"hunter2`,
      `email=a%40b.test&password=hunter2&x=1`,
      `{password: hunter2}`,
      `{"body":"{\\"password\\":\\"hunter2\\"}"}`,
      `{"securityCode":"hunter2`,
    ];
    for (const text of cases) {
      const out = redactText(text);
      assert.ok(!out.includes('hunter2'), `${text} → ${out}`);
      assert.ok(out.includes(REDACTED), out);
    }
    assert.equal(redactText(`email=a%40b.test&password=hunter2&x=1`), `email=a%40b.test&password=${REDACTED}&x=1`);
    assert.equal(redactText(`{'email':'a','password':'hunter2'}`), `{'email':'a','password':'${REDACTED}'}`);
  });

  it('a message names fields and keeps its words; a secret value in it is still masked (redactMessage)', () => {
    const words = [
      'sourceOfFunds.provided.card.securityCode: must be at most 4 characters, got 5',
      'Not sent (rules fail): Authorize: 1 rule fails.\n• sourceOfFunds.provided.card.securityCode: must be digits only, got <redacted>',
      'params.orderId: must be text; password: required',
      'order.reference: must be text\nsourceOfFunds.provided.card.securityCode: required',
    ];
    for (const message of words) {
      assert.equal(redactMessage(message), message);
      assert.notEqual(redactText(message), message, 'raw text takes the word after a secret key for its value');
    }
    const known = new KnownSecrets().add('Known-Pa55word');
    const secrets: [string, string][] = [
      ['Sign in failed: password=hunter2 is wrong', 'Sign in failed: password=<redacted> is wrong'],
      ['the server answered {"password":"hunter2"}', 'the server answered {"password":"<redacted>"}'],
      ['the server answered {password: hunter2}', 'the server answered {password: <redacted>}'],
      ['order.reference: a=1, password: hunter2', 'order.reference: a=1, password: <redacted>'],
      ['the server said password: hunter2', 'the server said password: <redacted>'],
      ['Sign in failed: password: hunter2 is wrong', 'Sign in failed: password: <redacted> is wrong'],
      ['securityCode: \'123\' is wrong', 'securityCode: \'<redacted>\' is wrong'],
      ['Authorization: Basic bWVyY2hhbnQuWDpodW50ZXIy failed', 'Authorization: Basic <redacted> failed'],
      ['GET https://user:hunter2@gw.test/x failed', 'GET https://<redacted>@gw.test/x failed'],
      ['got 5123450000000008', 'got 512345xxxxxx0008'],
      ['echoed Known-Pa55word back', 'echoed <redacted> back'],
    ];
    for (const [message, shown] of secrets) assert.equal(redactMessage(message, known), shown, message);
  });

  it('redactJson\'s plain copy is what JSON would keep, in one pass: a "__proto__" member stays a member, undefined is left out, a card is masked', () => {
    const parsed = JSON.parse('{"__proto__":{"reference":"5123456789012346"},"a":1}') as Record<string, unknown>;
    const copy = redactJson({ ...parsed, gone: undefined, list: [undefined, Number.NaN, 'x'] }, { plain: true }) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(copy), Object.prototype, 'the copy keeps its prototype');
    assert.deepEqual(Object.keys(copy), ['__proto__', 'a', 'list']);
    assert.deepEqual(copy['list'], [null, null, 'x']);
    // JSON writes -0 as "0": a score of -0 (a property test found one) reads back as 0, so the copy says 0.
    const scores = redactJson({ totalScore: -0, list: [-0] }, { plain: true }) as { totalScore: number; list: number[] };
    assert.ok(Object.is(scores.totalScore, 0) && Object.is(scores.list[0], 0), 'no -0 in the plain copy');
    assert.doesNotMatch(JSON.stringify(copy), /5123456789012346/, 'the card under "__proto__" is masked');
  });

  it('masks card-like digit runs: 12–19 digits passing Luhn, and every longer run (32 digits)', () => {
    const run32 = '51234500000000085123450000000008';
    const out = redactText(`pan ${run32} end`);
    assert.ok(!out.includes(run32) && !out.includes('5123450000000008'), out);
    assert.equal(redactText('id 1234567890123'), 'id 1234567890123', 'a 13-digit id failing Luhn stays');
    assert.equal(redactText('card 4508 7500 1574 1019'), 'card 450875xxxxxx1019');
  });

  it('keeps public test cards (and their CSC) only when asked, for a TEST environment', () => {
    const body = { sourceOfFunds: { provided: { card: { number: '5123450000000008', securityCode: '100' } } } };
    assert.deepEqual(redactJson(body, { keepPublicTestCards: true }), body);
    assert.deepEqual(redactJson(body), { sourceOfFunds: { provided: { card: { number: '512345xxxxxx0008', securityCode: REDACTED } } } });
    const real = { card: { number: '5555555555554444', securityCode: '123' } };
    assert.deepEqual(redactJson(real, { keepPublicTestCards: true }), { card: { number: '555555xxxxxx4444', securityCode: REDACTED } });
  });

  it('keeps every published test card of the catalogue on TEST, the 3-D Secure emulator cards too; the simulator\'s own cards stay masked', () => {
    const kept = (number: string) => JSON.stringify(redactJson({ card: { number, securityCode: '100' } }, { keepPublicTestCards: true })).includes(number);
    const published = TEST_CARD_LIST.filter((c) => !c.purpose.includes('simulator card'));
    assert.ok(published.some((c) => c.threeDS === 'frictionless'), 'the list has the frictionless 3DS cards');
    for (const c of published) assert.ok(kept(c.number), `${c.number} (${c.purpose}) is kept on TEST`);
    for (const c of TEST_CARD_LIST.filter((t) => t.purpose.includes('simulator card'))) assert.ok(!kept(c.number), `${c.number} is the simulator's own: masked`);
  });

  it('stays linear on hostile text (a secret key before a megabyte, a long word, many keys)', () => {
    // Six million digits in a row: a regular expression's backtracking ran out of stack on them.
    const hostile = [`password='${'a'.repeat(1_000_000)}`, 'x'.repeat(1_000_000), 'a=b&'.repeat(250_000), '1 '.repeat(500_000), '://'.repeat(300_000), '4'.repeat(6_000_000), 'key'.repeat(1_000_000), 'aKey='.repeat(500_000), `${'x'.repeat(200)}Key=`.repeat(10_000)];
    for (const text of hostile) {
      const started = process.hrtime.bigint();
      redactText(text);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      assert.ok(ms < 2000, `${text.slice(0, 20)}… took ${ms} ms`);
    }
  });

  it('takes compound names for secrets wherever a key is read (privateKey, signing_key, WEBHOOK-SECRET), but not monkey, keyId or a public key', () => {
    const body = { privateKey: 'pk-1', signing_key: 'sk-2', 'WEBHOOK-SECRET': 'ws-3', dbPassword: 'db-4', monkey: 'banana', keyId: 'kid-1', publicKey: 'pub-1', token: 'card-token-1' };
    assert.deepEqual(redactJson(body), { privateKey: REDACTED, signing_key: REDACTED, 'WEBHOOK-SECRET': REDACTED, dbPassword: REDACTED, monkey: 'banana', keyId: 'kid-1', publicKey: 'pub-1', token: 'card-token-1' });
    assert.equal(redactText('privateKey=pk-1&monkey=banana&signing_key=sk-2'), `privateKey=${REDACTED}&monkey=banana&signing_key=${REDACTED}`);
    assert.equal(redactText(`{'clientSecret': 'cs-1', 'turkey': 'bird'}`), `{'clientSecret': '${REDACTED}', 'turkey': 'bird'}`);
    assert.equal(redactBodyText('{"signingKey":"sk-2","key":"name"}'), `{"signingKey":"${REDACTED}","key":"name"}`, 'a Postman {key, value} pair keeps its key');
  });

  it('names a person gives a credential (variables, headers, query parameters) in any casing and compound', () => {
    for (const name of ['password', 'apiPassword', 'privateKey', 'signingKey', 'PRIVATE_KEY', 'privatekey', 'x-api-key', 'X-Auth-Token', 'accessToken', 'access_token', 'API_TOKEN', 'clientSecret', 'pass', 'db-pwd', 'key', 'keyId', 'Credentials', 'passphrase']) assert.ok(isSecretName(name), name);
    for (const name of ['merchantId', 'orderId', 'baseUrl', 'amount', 'publicKey', 'cvv', 'securityCode', 'passenger', 'compass', 'keyboard']) assert.ok(!isSecretName(name), name);
  });

  it('reads a dotted path once for redaction (form problems, webview fields, simulator messages)', () => {
    assert.ok(isStoredCredentialPath('partner.password'));
    assert.ok(isStoredCredentialPath('items[0].apiPassword'));
    assert.ok(!isStoredCredentialPath('sourceOfFunds.provided.card.securityCode'), 'a CSC is test data in a form');
    assert.ok(!isStoredCredentialPath('order.custom.signingKey'), 'a merchant\'s own field is typed in the form (its value is still masked in logs)');
    const known = new KnownSecrets().add('S3NT1NEL');
    assert.equal(simulatorRedactText('x S3NT1NEL'), 'x S3NT1NEL', 'the simulator holds no known secrets');
    assert.equal(redactText('x S3NT1NEL', known), `x ${REDACTED}`);
  });
});
