import * as assert from 'node:assert/strict';
import {
  KnownSecrets,
  maskCardNumber,
  redactBodyText,
  redactHeaders,
  redactJson,
  redactText,
  REDACTED,
} from '../../../src/http';
import { redactUrlText } from '../../../src/redaction';

describe('redaction', () => {
  it('redacts credential headers whatever their case, keeping the auth scheme', () => {
    const redacted = redactHeaders({
      authorization: 'Basic bWVyY2hhbnQuWDpzZWNyZXQ=',
      RefreshToken: 'sim_rt_123',
      Cookie: 'sid=1',
      'Content-Type': 'application/json',
    });
    assert.deepEqual(redacted, {
      authorization: `Basic ${REDACTED}`,
      RefreshToken: REDACTED,
      Cookie: REDACTED,
      'Content-Type': 'application/json',
    });
  });

  it('redacts secret JSON fields at any depth and masks card numbers to first 6 and last 4', () => {
    const redacted = redactJson({
      email: 'partner@simulator.local',
      password: 'p',
      access_token: 'a',
      refresh_token: 'r',
      apiPassword: 'x',
      passphrase: 'y',
      sourceOfFunds: { provided: { card: { number: '5123 4500 0000 0008', securityCode: 100, expiry: { month: '1', year: '39' } } } },
      list: [{ csc: '123' }],
    });
    assert.deepEqual(redacted, {
      email: 'partner@simulator.local',
      password: REDACTED,
      access_token: REDACTED,
      refresh_token: REDACTED,
      apiPassword: REDACTED,
      passphrase: REDACTED,
      sourceOfFunds: { provided: { card: { number: '512345xxxxxx0008', securityCode: REDACTED, expiry: { month: '1', year: '39' } } } },
      list: [{ csc: REDACTED }],
    });
  });

  it('leaves an already masked card number alone', () => {
    assert.equal(maskCardNumber('512345xxxxxx0008'), '512345xxxxxx0008');
  });

  it('redacts a deliberately malformed body by key patterns', () => {
    const text = '{"card": {"number": "4508750015741019", "securityCode": "101"}, "password": "hunter2", broken';
    const redacted = redactBodyText(text);
    assert.ok(!redacted.includes('4508750015741019'));
    assert.ok(!redacted.includes('101"'));
    assert.ok(!redacted.includes('hunter2'));
    assert.ok(redacted.includes('broken'));
  });

  it('keeps amounts exactly as received (10.00 stays 10.00) while redacting', () => {
    const text = '{"order":{"amount":10.00,"totalRefundedAmount":0.00},"password":"hunter2","card":{"number":5123450000000008}}';
    assert.equal(redactBodyText(text), `{"order":{"amount":10.00,"totalRefundedAmount":0.00},"password":"${REDACTED}","card":{"number":"512345xxxxxx0008"}}`);
  });

  it('keeps the gateway\'s CSC result (response.cardSecurityCode) readable, while a security code sent is hidden', () => {
    const answer = '{"response":{"gatewayCode":"DECLINED_CSC","cardSecurityCode":{"acquirerCode":"N","gatewayCode":"NO_MATCH"}}}';
    assert.equal(redactBodyText(answer), answer);
    assert.deepEqual(redactJson(JSON.parse(answer)), JSON.parse(answer));
    const sent = '{"sourceOfFunds":{"provided":{"card":{"securityCode":"102","cardSecurityCode":"102"}}}}';
    assert.ok(!redactBodyText(sent).includes('102'), redactBodyText(sent));
    assert.ok(!JSON.stringify(redactJson(JSON.parse(sent))).includes('102'));
  });

  it('replaces a secret that holds an object in place, keeping the amounts as written', () => {
    assert.equal(redactBodyText('{"amount":1.50,"password":{"old":"a","new":"b"}}'), `{"amount":1.50,"password":"${REDACTED}"}`);
    assert.equal(redactBodyText('{"list":[{"csc":[1,2]}],"total":0.00}'), `{"list":[{"csc":"${REDACTED}"}],"total":0.00}`);
  });

  it('keeps the indentation of a pretty-printed body', () => {
    const pretty = JSON.stringify({ a: 1, password: 'x' }, null, 4);
    assert.equal(redactBodyText(pretty), JSON.stringify({ a: 1, password: REDACTED }, null, 4));
  });

  it('scrubs known secret values in every wire form, and card numbers and bearer tokens in free text', () => {
    const secret = 'SENTINEL "quoted" / pass';
    const known = new KnownSecrets().add(secret, 'SENTINEL-TOKEN-9');
    const text = [
      `raw ${secret}`,
      `json ${JSON.stringify({ note: secret })}`,
      `url ?p=${encodeURIComponent(secret)}`,
      'auth Bearer SENTINEL-TOKEN-9',
      'header Authorization: Bearer abcdefghijklmnop',
      'card 5123450000000008 and 4012 0000 3333 0026 but id 1234567890123',
    ].join('\n');
    const redacted = redactText(text, known);
    assert.ok(!known.has(redacted), redacted);
    assert.ok(!redacted.includes('abcdefghijklmnop'));
    assert.ok(redacted.includes('512345xxxxxx0008'));
    assert.ok(redacted.includes('401200xxxxxx0026'));
    assert.ok(redacted.includes('1234567890123'), 'a non-Luhn id stays readable');
  });

  it('identifiers keep digits that pass Luhn (a token, a numeric order id, an indicator); a card number beside them, in free text or in track data is masked', () => {
    const token = '9496359069244962';
    const body = JSON.stringify({
      token,
      order: { id: '1713775200006', description: 'paid with 5123450000000008' },
      successIndicator: '0a28744912345676',
      sourceOfFunds: { provided: { card: { number: '5123450000000008', track1: 'B5123450000000008^TEST/CARD^3912101' } }, token },
    });
    const kept = redactBodyText(body);
    for (const id of [`"token":"${token}"`, '"id":"1713775200006"', '"successIndicator":"0a28744912345676"']) assert.ok(kept.includes(id), `${id} in ${kept}`);
    assert.ok(!kept.includes('5123450000000008'), kept);
    assert.equal((kept.match(/512345xxxxxx0008/g) ?? []).length, 3, 'number, description and track data masked');
    assert.deepEqual(redactJson(JSON.parse(body)), JSON.parse(kept), 'the parsed body is redacted the same way');
    assert.equal(redactText(`token ${token}`), 'token 949635xxxxxx4962', 'free text has no keys: its digit runs are judged as cards');

    const known = new KnownSecrets().add('SESSION0002776555076G98765431J2');
    assert.equal(redactBodyText('{"session":{"id":"SESSION0002776555076G98765431J2"}}', known), `{"session":{"id":"${REDACTED}"}}`, 'a known secret used as an id (a session as the payer password) is still redacted');

    assert.equal(redactUrlText(`https://gw.test/api/rest/version/100/merchant/M1/token/${token}?note=5123450000000008`), `https://gw.test/api/rest/version/100/merchant/M1/token/${token}?note=512345xxxxxx0008`);
    // What is not a plain identifier is judged as a card: free text at an id key, a run of 20 digits or more,
    // a key in another case or spelled with escapes, merchant free text (order.reference), and any text that is not JSON.
    for (const [text, pan] of [
      ['{"order":{"id":"ref 5123 4500 0000 0008"}}', '5123 4500 0000 0008'],
      ['{"order":{"id":"45087500157410190000"}}', '45087500157410190000'],
      ['{"ID":"5123450000000008"}', '5123450000000008'],
      ['{"i\\u0064":"5123450000000008"}', '5123450000000008'],
      ['{"order":{"reference":"5123450000000008"}}', '5123450000000008'],
      ['<html>{"id": 7 card 5123450000000008</html>', '5123450000000008'],
      ['{"id":"x" 4508750015741019}', '4508750015741019'],
    ]) assert.ok(!redactBodyText(text ?? '').includes(pan ?? ''), `${text} → ${redactBodyText(text ?? '')}`);
    assert.deepEqual(redactJson({ note: 5123450000000008 }), { note: '512345xxxxxx0008' }, 'a card number sent as a JSON number is masked too');
    assert.equal(redactUrlText('https://user:pw@gw.test/order/1713775200006'), `https://${REDACTED}@gw.test/order/1713775200006`);
  });

  it('redacts Create Session\'s session.aes256Key (the key that decrypts the session\'s payer data) in JSON and in text', () => {
    assert.equal(redactBodyText('{"session":{"id":"SESSION0002abc","aes256Key":"k0Xyz+abc/ABCDEFGHIJ="}}'), `{"session":{"id":"SESSION0002abc","aes256Key":"${REDACTED}"}}`);
    assert.deepEqual(redactJson({ session: { aes256Key: 'k0Xyz+abc/ABCDEFGHIJ=' } }), { session: { aes256Key: REDACTED } });
    assert.equal(redactText('aes256Key=k0Xyz&x=1'), `aes256Key=${REDACTED}&x=1`);
  });

  it('a known secret that contains another known secret is redacted whole, whatever order they were added in', () => {
    const password = 's3cret-pass';
    const token = `${password}-and-the-rest-of-the-token-XYZ`;
    const known = new KnownSecrets().add(password, token);
    const text = `Authorization failed for ${token}; password ${password}`;
    const redacted = known.redact(text);
    assert.equal(redacted, 'Authorization failed for <redacted>; password <redacted>');
    assert.ok(!redacted.includes('XYZ'), 'no tail of the longer secret is left visible');
  });
});
