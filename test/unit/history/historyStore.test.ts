import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { KnownSecrets } from '../../../src/http';
import { decodeResponse } from '../../../src/decode';
import { MAX_ENTRY_CHARS } from '../../../src/history/bounds';
import { DEFAULT_MAX_FILE_CHARS, HistoryStore } from '../../../src/history/historyStore';
import type { Exchange } from '../../../src/send/exchange';
import { makeExchange, withResponseText } from '../../harness/exchanges';

describe('HistoryStore', () => {
  let dir: string;
  let file: string;
  let errors: string[];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-history-'));
    // A folder that does not exist yet, as globalStorageUri on a fresh install.
    file = path.join(dir, 'global-storage', 'history.json');
    errors = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const open = (options = {}) => new HistoryStore(file, { onError: (m) => errors.push(m), ...options });

  it('starts empty when there is no file, without reporting an error', () => {
    const store = open();
    assert.deepEqual(store.list(), []);
    assert.deepEqual(errors, []);
  });

  it('lists newest first and finds by id', async () => {
    const store = open();
    const a = makeExchange();
    const b = makeExchange();
    await store.add(a);
    await store.add(b);
    assert.deepEqual(store.list().map((e) => e.id), [b.id, a.id]);
    assert.equal(store.get(a.id)?.operationTitle, 'Authorize');
    assert.equal(store.get('nope'), undefined);
  });

  it('keeps only the last 500: the oldest are dropped', async () => {
    const store = open();
    const all = Array.from({ length: 510 }, () => makeExchange());
    for (const e of all) void store.add(e);
    await store.flush();
    const ids = store.list().map((e) => e.id);
    assert.equal(ids.length, 500);
    assert.equal(ids[0], all[509]?.id);
    assert.equal(ids[499], all[10]?.id);
    assert.equal(store.get(all[9]?.id ?? ''), undefined);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as { exchanges: Exchange[] };
    assert.equal(onDisk.exchanges.length, 500);
  });

  it('honours a smaller bound', async () => {
    const store = open({ maxEntries: 3 });
    for (let i = 0; i < 5; i++) await store.add(makeExchange());
    assert.equal(store.list().length, 3);
  });

  it('persists across instances', async () => {
    const first = open();
    const e = makeExchange();
    await first.add(e);
    await first.add(makeExchange());
    const second = open();
    assert.equal(second.list().length, 2);
    assert.deepEqual(second.get(e.id), first.get(e.id));
    assert.equal(second.get(e.id)?.response?.bodyText, e.response?.bodyText, 'the wire text (10.50) is kept as it was');
  });

  it('replaces an entry added again with the same id', async () => {
    const store = open();
    const e = makeExchange();
    await store.add(e);
    await store.add({ ...e, operationTitle: 'Authorize (again)' });
    assert.equal(store.list().length, 1);
    assert.equal(store.get(e.id)?.operationTitle, 'Authorize (again)');
  });

  it('writes atomically: a new file is renamed into place and no temporary file is left', async () => {
    const store = open();
    await store.add(makeExchange());
    const before = fs.statSync(file).ino;
    // 50 adds racing each other: every write is serialised, the file is always whole JSON.
    await Promise.all(Array.from({ length: 50 }, () => store.add(makeExchange())));
    const after = fs.statSync(file).ino;
    assert.notEqual(after, before, 'the file was replaced by rename, not rewritten in place');
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['history.json']);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as { exchanges: Exchange[] };
    assert.equal(onDisk.exchanges.length, 51);
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  });

  it('notifies listeners on add and clear, and stops after dispose', async () => {
    const store = open();
    let calls = 0;
    const sub = store.onChange(() => calls++);
    await store.add(makeExchange());
    await store.clear();
    sub.dispose();
    await store.add(makeExchange());
    assert.equal(calls, 2);
  });

  it('clear empties memory and disk', async () => {
    const store = open();
    await store.add(makeExchange());
    await store.clear();
    assert.deepEqual(store.list(), []);
    assert.deepEqual(open().list(), []);
  });

  it('a corrupted file: starts empty, keeps a backup, never throws', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"version":1,"exchanges":[{"id":"half');
    const store = open();
    assert.deepEqual(store.list(), []);
    const backups = fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith('history.json.corrupt-'));
    assert.equal(backups.length, 1);
    assert.equal(fs.readFileSync(path.join(path.dirname(file), backups[0] as string), 'utf8'), '{"version":1,"exchanges":[{"id":"half');
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /kept as history\.json\.corrupt-/);
    await store.add(makeExchange());
    assert.equal(open().list().length, 1, 'history works again after the corrupt file was set aside');
  });

  it('a file of the wrong shape is treated as corrupt; malformed entries alone are dropped', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '[1,2,3]');
    assert.deepEqual(open().list(), []);
    const good = makeExchange();
    fs.writeFileSync(file, JSON.stringify({ version: 1, exchanges: [{ id: 42 }, null, good] }));
    assert.deepEqual(open().list().map((e) => e.id), [good.id]);
  });

  it('a file with one malformed entry keeps every other entry, leaves that one out and says how many', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const first = makeExchange();
    const last = makeExchange();
    // Shaped like an entry, but its request has lost its fields (a hand edit, an older version).
    const broken = { ...makeExchange(), request: { note: 'half an entry' } };
    fs.writeFileSync(file, JSON.stringify({ version: 1, exchanges: [first, broken, last] }));
    const store = open();
    assert.deepEqual(store.list().map((e) => e.id), [last.id, first.id]);
    assert.equal(store.entriesLeftOut(), 1);
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['history.json'], 'the file is not set aside');
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /^1 history entry could not be read and was left out, the others are kept: History entry 2: /);
    const shown: number[] = [];
    store.onEntriesLeftOut((count) => shown.push(count));
    assert.deepEqual(shown, [1], 'a listener added after the file was read still hears the count');
  });

  it('a response nested 1,500 deep is stored, with its depth capped and a note where it was cut, never silently dropped', async () => {
    const deep = `{"amount":10.50,"a":${'{"a":'.repeat(1500)}1${'}'.repeat(1500)},"password":"hunter2"}`;
    const e = withResponseText(makeExchange(), deep);
    const store = open();
    await store.add(e);
    assert.deepEqual(errors, []);
    const kept = open().get(e.id)?.response?.bodyText ?? '';
    assert.ok(kept.startsWith('{"amount":10.50,"a":{"a":{"a":'), kept.slice(0, 80));
    assert.ok(kept.endsWith('},"password":"<redacted>"}'), kept.slice(-80));
    assert.match(kept, /"<nested deeper than 32 levels, not kept in history>"/);
    assert.ok(!kept.includes('hunter2'));
    assert.ok(kept.length < 1000, `${kept.length} characters kept`);
    assert.doesNotThrow(() => JSON.parse(kept));
  });

  it('a failed write is reported, not thrown, and memory stays usable', async () => {
    // The storage path is a file, so its "folder" cannot be created.
    const blocker = path.join(dir, 'blocker');
    fs.writeFileSync(blocker, 'x');
    const store = new HistoryStore(path.join(blocker, 'history.json'), { onError: (m) => errors.push(m) });
    await store.add(makeExchange());
    assert.equal(store.list().length, 1);
    assert.ok(errors.some((m) => /could not be saved/.test(m)), errors.join('\n'));
  });

  it('a throwing listener or reporter does not break adding', async () => {
    const store = new HistoryStore(file, {
      onError: () => {
        throw new Error('reporter down');
      },
    });
    store.onChange(() => {
      throw new Error('listener down');
    });
    await store.add(makeExchange());
    assert.equal(store.list().length, 1);
  });

  it('caps a huge response body and marks it truncated', async () => {
    const store = open({ maxBodyChars: 2048 });
    const e = makeExchange();
    const big = 'x'.repeat(10_000);
    await store.add({ ...e, response: { ...(e.response as NonNullable<Exchange['response']>), bodyText: big, truncated: false } });
    const kept = store.get(e.id)?.response;
    assert.equal(kept?.bodyText.length, 2048);
    assert.equal(kept?.truncated, true);
  });

  describe('bounds on every part of an entry and on the file', () => {
    const MB = 1024 * 1024;

    it('a 9 MB acquirerMessage: the stored entry stays under MAX_ENTRY_CHARS, decoded report included', async () => {
      const bodyText = JSON.stringify({ result: 'SUCCESS', response: { gatewayCode: 'APPROVED', acquirerMessage: 'm'.repeat(9 * MB) }, order: { id: 'O-9', amount: '10.50', currency: 'EUR' } });
      const decoded = decodeResponse({ operationId: 'gateway.authorize', httpStatus: 201, body: JSON.parse(bodyText), rawText: bodyText });
      assert.ok((decoded.outcome?.acquirerMessage?.length ?? 0) >= 9 * MB, 'the report carries the whole message before history');
      const base = makeExchange();
      const store = open();
      await store.add({ ...base, response: { ...(base.response as NonNullable<Exchange['response']>), bodyText, sizeBytes: bodyText.length }, decoded });
      const size = fs.statSync(file).size;
      assert.ok(size < MAX_ENTRY_CHARS, `the file holds ${size} bytes for one entry`);
      const kept = open().get(base.id);
      assert.ok(kept?.response?.truncated);
      assert.ok((kept?.decoded?.outcome?.acquirerMessage?.length ?? 0) <= 1024);
      assert.equal(kept?.decoded?.outcome?.gatewayCode?.code, 'APPROVED', 'the report keeps what matters');
    });

    it('headers, URL, cURL, failure message, params and request body are bounded too', async () => {
      const big = 'z'.repeat(2 * MB);
      const base = makeExchange();
      const many = 'h'.repeat(20_000);
      const headers = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x-h-${i}`, many]));
      const store = open();
      await store.add({
        ...base,
        params: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, many])),
        request: { ...base.request, url: `http://h/${big}`, headers, curl: big, body: { a: big, list: Array.from({ length: 5000 }, () => big.slice(0, 100)) } },
        response: { ...(base.response as NonNullable<Exchange['response']>), headers, bodyText: '"' + '\u0000'.repeat(MB) + '"' },
        failure: { kind: 'http', message: big },
      });
      const size = fs.statSync(file).size;
      assert.ok(size < MAX_ENTRY_CHARS, `one entry takes ${size} bytes`);
      const kept = open().get(base.id);
      assert.ok(kept);
      assert.ok(kept.request.bodyWasMasked, 'a body cut for history is flagged, so it is not re-sent as it was');
    });

    it('the whole file stays under its bound: the oldest entries go first', async () => {
      const store = open({ maxFileChars: 256 * 1024 });
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const e = makeExchange({ failure: { kind: 'http', message: 'q'.repeat(3000) } });
        ids.push(e.id);
        await store.add({ ...e, response: { ...(e.response as NonNullable<Exchange['response']>), bodyText: JSON.stringify({ pad: 'p'.repeat(20_000) }) } });
      }
      assert.ok(fs.statSync(file).size <= 256 * 1024 + 64);
      const kept = store.list().map((e) => e.id);
      assert.ok(kept.length < 40 && kept.length > 5);
      assert.equal(kept[0], ids[39], 'the newest is kept');
      assert.ok(DEFAULT_MAX_FILE_CHARS <= 32 * MB, 'the README states 32 MB');
    });

    it('a history file far over the bound is set aside on first use instead of being parsed', () => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify({ version: 1, exchanges: [makeExchange({ failure: { kind: 'x', message: 'y'.repeat(600 * 1024) } })] }));
      const store = open({ maxFileChars: 256 * 1024 });
      assert.deepEqual(store.list(), []);
      assert.match(errors.join('\n'), /over the 262144 bound.*history starts empty/);
      assert.ok(fs.readdirSync(path.dirname(file)).some((f) => f.startsWith('history.json.corrupt-')));
    });
  });

  describe('final scrub before writing', () => {
    const SENTINELS = {
      password: 'SENTINEL-PASSWORD-6d1f',
      apiPassword: 'SENTINEL-APIPASS-93ac',
      basic: Buffer.from('merchant.TESTSIM:SENTINEL-BASIC-77aa').toString('base64'),
      bearer: 'SENTINELBEARER0123456789abcdef',
      refresh: 'SENTINEL-REFRESH-c0ffee',
      csc: '987',
      // Not one of the gateway's public test cards, which a TEST environment's history may keep.
      card: '5555555555554444',
      known: 'SENTINEL-KNOWN-ONLY-55e1',
    };

    /** An exchange that a buggy sender failed to redact: secrets in every field that can carry one. */
    function leakyExchange(): Exchange {
      const e = makeExchange();
      const responseBody = JSON.stringify({
        result: 'SUCCESS',
        access_token: SENTINELS.bearer,
        refresh_token: SENTINELS.refresh,
        sourceOfFunds: { provided: { card: { number: SENTINELS.card, securityCode: SENTINELS.csc } } },
        echo: `server said ${SENTINELS.known}`,
      });
      return {
        ...e,
        environment: { id: 'sim', name: `env ${SENTINELS.known}`, live: false },
        params: { orderId: `O-${SENTINELS.known}` },
        request: {
          method: 'PUT',
          url: `http://127.0.0.1:4477/x?token=${SENTINELS.known}`,
          headers: { Authorization: `Basic ${SENTINELS.basic}`, RefreshToken: SENTINELS.refresh, 'Content-Type': 'application/json' },
          body: {
            apiPassword: SENTINELS.apiPassword,
            password: SENTINELS.password,
            sourceOfFunds: { provided: { card: { number: SENTINELS.card, securityCode: SENTINELS.csc } } },
            note: `pay with ${SENTINELS.known}`,
          },
          bodyWasMasked: false,
          curl: [
            `curl -sS -X PUT 'http://127.0.0.1:4477/x'`,
            `-H 'Authorization: Basic ${SENTINELS.basic}'`,
            `-H 'RefreshToken: ${SENTINELS.refresh}'`,
            `--data-raw '{"password":"${SENTINELS.password}","sourceOfFunds":{"provided":{"card":{"number":"${SENTINELS.card}","securityCode":"${SENTINELS.csc}"}}}}'`,
          ].join(' \\\n  '),
        },
        response: {
          status: 200,
          headers: { 'set-cookie': `sid=${SENTINELS.refresh}`, 'content-type': 'application/json' },
          bodyText: responseBody,
          sizeBytes: responseBody.length,
          truncated: false,
          timing: { totalMs: 1, ttfbMs: 1 },
        },
        failure: { kind: 'http', message: `401 for Bearer ${SENTINELS.bearer} and card ${SENTINELS.card}` },
      };
    }

    it('the history file never contains a planted secret', async () => {
      const known = new KnownSecrets().add(SENTINELS.known);
      const store = open({ knownSecrets: () => known });
      const leaky = leakyExchange();
      const original = JSON.stringify(leaky);
      await store.add(leaky);
      const onDisk = fs.readFileSync(file, 'utf8');
      const leaked = Object.entries(SENTINELS)
        .filter(([name, value]) => name !== 'csc' && onDisk.includes(value))
        .map(([name]) => name);
      assert.deepEqual(leaked, [], `secrets found in the history file: ${leaked.join(', ')}`);
      // The 3-digit CSC is too short to search for blindly: check where it was.
      const kept = (JSON.parse(onDisk) as { exchanges: Exchange[] }).exchanges[0] as Exchange;
      assert.doesNotMatch(JSON.stringify(kept.request.body), /"securityCode":"987"/);
      assert.doesNotMatch(kept.request.curl, /"securityCode":"987"/);
      assert.doesNotMatch(kept.response?.bodyText ?? '', /"securityCode":"987"/);
      // Card numbers stay recognisable (first 6, last 4), as PCI DSS allows.
      assert.match(JSON.stringify(kept.request.body), /555555xxxxxx4444/);
      assert.equal(JSON.stringify(leaky), original, 'the caller\'s exchange is not modified');
      // Memory holds the scrubbed copy too: the tree and the response view never see the secret.
      assert.ok(!JSON.stringify(store.list()).includes(SENTINELS.password));
    });

    it('keeps the decoded report intact: its csc is the CSC result, not a secret field', async () => {
      const store = open();
      const e = makeExchange();
      const decoded = { ...(e.decoded as NonNullable<Exchange['decoded']>), csc: { code: 'MATCH', known: true, meaning: 'Valid or matched' } };
      await store.add({ ...e, decoded });
      assert.deepEqual(open().get(e.id)?.decoded?.csc, decoded.csc);
    });

    it('leaves an already redacted exchange as it was (no double masking, literals kept)', async () => {
      const store = open();
      const clean = makeExchange();
      await store.add(clean);
      assert.deepEqual(store.get(clean.id), clean);
    });
  });
});
