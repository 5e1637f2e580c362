/** SecretStore over an in-memory SecretStorage: the secrets a user typed, per environment, and who hears of a change. */
import '../mocks/registerVscode';
import * as assert from 'node:assert/strict';
import { SecretStore } from '../../../src/secrets/secretStore';
import { secretKey } from '../../../src/secrets/secretKeys';
import { InMemorySecretStorage } from '../mocks/secretStorage';

/** An environment with both APIs on one test host: where its secrets are stored for. */
const env = (id: string) => ({ id, gatewayUrl: 'https://test-gateway.example.com', financingBaseUrl: 'https://test-gateway.example.com' });

describe('SecretStore', () => {
  let storage: InMemorySecretStorage;
  let store: SecretStore;
  beforeEach(() => {
    storage = new InMemorySecretStorage();
    store = new SecretStore(storage);
  });
  afterEach(() => store.dispose());

  it('keeps each environment’s secrets apart', async () => {
    await store.set(env('a'), 'gatewayApiPassword', 'pw-a');
    await store.set(env('b'), 'gatewayApiPassword', 'pw-b');
    assert.equal(await store.get('a', 'gatewayApiPassword'), 'pw-a');
    assert.equal(await store.get('b', 'gatewayApiPassword'), 'pw-b');
    await store.deleteAll('a');
    assert.deepEqual([await store.get('a', 'gatewayApiPassword'), await store.get('b', 'gatewayApiPassword')], [undefined, 'pw-b']);
  });

  it('a duplicate gets the credentials but not the financing session, which belongs to one environment', async () => {
    await store.set(env('a'), 'partnerEmail', 'ana@example.com');
    await store.set(env('a'), 'partnerPassword', 'secret');
    await store.tokenStore(env('a')).save({ accessToken: 'at', refreshToken: 'rt', expiresAt: 1, tokenType: 'Bearer' });
    await store.copyAll('a', 'copy');
    assert.equal(await store.get('copy', 'partnerEmail'), 'ana@example.com');
    assert.equal(await store.get('copy', 'partnerPassword'), 'secret');
    assert.equal(await store.tokenStore(env('copy')).load(), undefined);
  });

  it('tells listeners which environment and secret changed, and ignores keys that are not its own', async () => {
    const heard: unknown[] = [];
    store.onDidChange((e) => heard.push(e));
    await store.set(env('a'), 'partnerPassword', 'x');
    await storage.store('someOtherExtension/key', 'y');
    await storage.store(secretKey('a', 'partnerPassword').replace('partnerPassword', 'notASecretName'), 'z');
    await store.delete('a', 'partnerPassword');
    assert.deepEqual(heard, [{ environmentId: 'a', name: 'partnerPassword' }, { environmentId: 'a', name: 'partnerPassword' }]);
  });

  it('a damaged stored token set reads as signed out instead of failing', async () => {
    await storage.store(secretKey('a', 'financingTokens'), '{not json');
    assert.equal(await store.tokenStore(env('a')).load(), undefined);
    await store.tokenStore(env('a')).clear();
    assert.deepEqual(await storage.keys(), []);
  });
});
