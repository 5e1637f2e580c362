/**
 * A flow run masks by value what its answers held at secret keys: a reference may carry such a value
 * (a partner token) into any later text, under any name.
 */
import * as assert from 'node:assert/strict';
import { KnownSecrets } from '../../../src/http/knownSecrets';
import { RunSecrets, secretValuesIn } from '../../../src/flows/runSecrets';

describe('flow run secrets: values at secret keys of an answer', () => {
  it('finds the values of every key the redaction policy calls secret, at any depth, and no other', () => {
    const answer = {
      success: true,
      data: { access_token: 'sim_at_abcdefgh1234', refresh_token: 'sim_rt_abcdefgh5678', expires_in: 3600 },
      list: [{ clientSecret: 'cs-0123456789' }, { id_token: 'idtok-0123456789' }],
      order: { id: 'ORDER-12345678', securityCode: '100' },
      notes: 'sim_at_abcdefgh1234 was issued',
    };
    assert.deepEqual(secretValuesIn(answer).sort(), ['cs-0123456789', 'idtok-0123456789', 'sim_at_abcdefgh1234', 'sim_rt_abcdefgh5678']);
  });

  it('masks learnt values wherever they are quoted, with the door\'s secrets too', () => {
    const door = { redact: (t: string) => t.split('door-secret').join('<door>') };
    const run = new RunSecrets(door);
    run.learnFrom({ refresh_token: 'sim_rt_abcdefgh5678' });
    assert.equal(run.redact('expected sim_rt_abcdefgh5678, door-secret'), 'expected <redacted>, <door>');
  });

  it("teaches a door's KnownSecrets what it learnt: the door writes its reports from the results itself", () => {
    const door = new KnownSecrets().add('door-secret');
    new RunSecrets(door).learnFrom({ data: { access_token: 'sim_at_abcdefgh1234' } });
    assert.equal(door.redact('sim_at_abcdefgh1234 door-secret'), '<redacted> <redacted>');
  });

  it('leaves values shorter than a credential (a card security code, a word) to masking by key', () => {
    const run = new RunSecrets(undefined);
    run.learnFrom({ securityCode: '100', password: 'short' });
    assert.equal(run.redact('amount 100, a short note'), 'amount 100, a short note');
  });
});
