import * as assert from 'node:assert/strict';
import { importCurl } from '../../../src/interop/import/curl';
import { shellCommands } from '../../../src/interop/import/shellWords';
import { ImportError } from '../../../src/interop/model';

const noFiles = (name: string): string => {
  throw new Error(`no file ${name}`);
};
const one = (text: string, read = noFiles) => {
  const request = importCurl(text, 'cmd.sh', read).groups[0]?.requests[0];
  assert.ok(request);
  return request;
};

describe('cURL import: the shell words', () => {
  it('reads bash quoting: single quotes literal, double quotes with \\ escapes, $\'…\' escapes, backslash outside quotes', () => {
    assert.deepEqual(shellCommands(`curl 'a "b" $c' "d \\"e\\" \\$f" $'g\\nh' i\\ j`, 'x'), [['curl', 'a "b" $c', 'd "e" $f', 'g\nh', 'i j']]);
  });

  it('joins continued lines (bash \\, cmd ^, PowerShell `) and splits commands on a bare newline', () => {
    assert.deepEqual(shellCommands('curl -X PUT \\\n  https://h/a\ncurl https://h/b', 'x'), [['curl', '-X', 'PUT', 'https://h/a'], ['curl', 'https://h/b']]);
    assert.deepEqual(shellCommands('curl -X PUT ^\r\n  "https://h/a" ^\n  -d "{\\"a\\":1}"', 'x'), [['curl', '-X', 'PUT', 'https://h/a', '-d', '{"a":1}']]);
    assert.deepEqual(shellCommands('curl -X PUT `\n  "https://h/a"', 'x'), [['curl', '-X', 'PUT', 'https://h/a']]);
  });

  it('reads Windows cmd quoting: ^ escapes and "" inside quotes', () => {
    assert.deepEqual(shellCommands('curl -d "{""a"":1}" ^\n -H "X: ^"y^""', 'x'), [['curl', '-d', '{"a":1}', '-H', 'X: "y"']]);
  });

  it('reads Chrome\'s "Copy as cURL (cmd)": ^" quotes cmd never sees, ^\\^" a quote inside, ^{ an escaped brace', () => {
    const chrome = [
      'curl ^"https://gw.test/api/rest/version/100/merchant/M/order/O-1/transaction/1^" ^',
      '  -X ^"PUT^" ^',
      '  -H ^"content-type: application/json^" ^',
      '  --data-raw ^"^{^\\^"apiOperation^\\^":^\\^"PAY^\\^",^\\^"note^\\^":^\\^"a \\\\ b^\\^"^}^"',
    ].join('\r\n');
    assert.deepEqual(shellCommands(chrome, 'x'), [['curl', 'https://gw.test/api/rest/version/100/merchant/M/order/O-1/transaction/1', '-X', 'PUT', '-H', 'content-type: application/json', '--data-raw', '{"apiOperation":"PAY","note":"a \\\\ b"}']]);
    assert.equal(one(chrome).method, 'PUT');
  });

  it('names the line and column of a quote never closed', () => {
    assert.throws(() => shellCommands("curl \\\n  -d '{\"a\":1}\n", 'req.sh'), (e: unknown) => e instanceof ImportError && /req\.sh:2:6: the quote ' opened here is never closed/.test(e.message));
  });

  it('stays linear on hostile input: 200 000 quotes and continuations', () => {
    assert.equal(shellCommands(`curl ^"${'\\'.repeat(200_000)}^"`, 'x')[0]?.[1]?.length, 100_000, 'a run of backslashes before the caret quote is halved in one pass');
    const words = shellCommands(`curl ${'"a" '.repeat(5000)}${'\\\n'.repeat(100_000)}`, 'x');
    assert.equal(words[0]?.length, 5001);
    assert.throws(() => shellCommands('a '.repeat(20_000), 'big.sh'), /big\.sh: more than 10000 words/);
  });
});

describe('cURL import: the request', () => {
  it('reads -X, -u, -H, --data-raw and combined short flags', () => {
    const r = one(`curl -sSXPUT 'https://gw.test/api/rest/version/100/merchant/M/order/O/transaction/T' -u merchant.M:pw -H 'Content-Type: application/json' --data-raw '{"apiOperation":"PAY"}' --max-time 30`);
    assert.equal(r.method, 'PUT');
    assert.equal(r.url, 'https://gw.test/api/rest/version/100/merchant/M/order/O/transaction/T');
    assert.deepEqual(r.auth, { kind: 'basic', user: 'merchant.M', password: 'pw' });
    assert.deepEqual(r.headers, [{ name: 'Content-Type', value: 'application/json' }]);
    assert.equal(r.body, '{"apiOperation":"PAY"}');
  });

  it('reads a body from @file for -d and --json (not for --data-raw), and --json sets the JSON headers and POST', () => {
    const read = (name: string) => `{"from":"${name}"}`;
    assert.equal(one('curl https://h/x -d @body.json', read).body, '{"from":"body.json"}');
    assert.equal(one('curl https://h/x --data-raw @body.json', read).body, '@body.json');
    const json = one('curl https://h/x --json @b.json', read);
    assert.equal(json.method, 'POST');
    assert.equal(json.body, '{"from":"b.json"}');
    assert.deepEqual(json.headers.map((h) => h.name), ['Content-Type', 'Accept']);
  });

  it('says which @file could not be read', () => {
    assert.throws(() => one('curl https://h/x -d @missing.json'), /cmd\.sh: @missing\.json: no file missing\.json/);
  });

  it('refuses an option it does not know, naming it, and a command without a URL', () => {
    assert.throws(() => one('curl https://h/x --frobnicate'), /unknown curl option --frobnicate/);
    assert.throws(() => one('curl -X PUT'), /names no URL/);
    assert.throws(() => importCurl('echo hi', 'x.sh', noFiles), /no curl command found/);
  });

  it('keeps -F and --cert out with a note', () => {
    const imported = importCurl('curl https://h/x -F a=b --cert c.pem', 'x.sh', noFiles);
    assert.equal(imported.notes.length, 2);
    assert.match(imported.notes[0] ?? '', /-F \(a form body\) left out/);
  });
});
