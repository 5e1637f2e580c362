import * as assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readAtFileBesideCommand, UnreadableFile } from '../../../src/interop';
import { importCurl } from '../../../src/interop/import/curl';
import { readFileBounded } from '../../../src/files/boundedFile';
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

  it('stays linear on one long word: a 2 MB body bare, in double quotes, and in quotes that change on every letter', () => {
    // Each took minutes or hours when the word being read was looked at again for each of its characters.
    const bare = 'a'.repeat(2_000_000);
    assert.equal(shellCommands(`curl -d ${bare}`, 'x')[0]?.[2], bare);
    assert.equal(shellCommands(`curl -d "${bare}"`, 'x')[0]?.[2], bare);
    assert.equal(shellCommands(`curl -d ${`'a'"b"`.repeat(300_000)}`, 'x')[0]?.[2], 'ab'.repeat(300_000));
    assert.equal(shellCommands(`curl -d a${'$b&c'.repeat(300_000)}`, 'x')[0]?.[2], `a${'$b&c'.repeat(300_000)}`, 'a lone $ or & stays a letter of the word');
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

  it('reads -T as the body of a PUT, and -d @file without its newlines as curl does (--data-binary and --json keep them)', () => {
    const read = () => '{\n  "apiOperation": "PAY"\r\n}\n';
    const upload = one('curl -T body.json https://h/x', read);
    assert.equal(upload.method, 'PUT');
    assert.equal(upload.body, read());
    assert.equal(one('curl -X POST --upload-file b.json https://h/x', read).method, 'POST');
    assert.equal(one('curl https://h/x -d @b.json', read).body, '{  "apiOperation": "PAY"}');
    assert.equal(one('curl https://h/x --data-binary @b.json', read).body, read());
  });

  it('reads at most 100 bodies from files, 5 000 000 characters in all', () => {
    assert.throws(() => importCurl(`curl https://h/x ${'-d @a '.repeat(101)}`, 'many.sh', () => 'x'), /many\.sh: more than 100 bodies read from files/);
    assert.throws(() => importCurl(`curl https://h/x ${'-d @a '.repeat(6)}`, 'big.sh', () => 'x'.repeat(1_000_000)), /big\.sh: the bodies read from files pass 5000000 characters together/);
  });

  it('says which @file could not be read', () => {
    assert.throws(() => one('curl https://h/x -d @missing.json'), /cmd\.sh: @missing\.json: no file missing\.json/);
  });

  it('refuses an option it does not know, naming it, and a command without a URL', () => {
    assert.throws(() => one('curl https://h/x --frobnicate'), /unknown curl option --frobnicate/);
    assert.throws(() => one('curl -X PUT'), /names no URL/);
    assert.throws(() => importCurl('echo hi', 'x.sh', noFiles), /no curl command found/);
  });

  it('refuses a typographic quote that opens a word (a command copied from a formatted page), naming the place', () => {
    assert.throws(() => importCurl('curl -X PUT \u201chttps://h/x\u201d', 'doc.sh', noFiles), /doc\.sh:1:13: a word starts with the typographic quote \u201c, which a shell reads as a letter/);
    assert.equal(one(`curl https://h/x -d '{"note":"\u201cquoted\u201d"}'`).body, '{"note":"\u201cquoted\u201d"}', 'inside quotes it is a letter');
  });

  it('notes a second URL and an authentication scheme it does not send; reads --oauth2-bearer; consumes the value of an option it ignores', () => {
    const imported = importCurl('curl https://h/x https://h/y --digest --max-time 30 --oauth2-bearer tok-1', 'x.sh', noFiles);
    assert.deepEqual(imported.notes, ['x.sh: a second URL left out (curl would send to each; one request is imported per command)', 'x.sh: --digest left out: a request file authenticates with the environment\'s credentials (Basic)']);
    assert.deepEqual(imported.groups[0]?.requests[0]?.auth, { kind: 'bearer', token: 'tok-1' });
  });

  it('names the credentials in options it leaves out (a certificate\'s passphrase, cookies, a proxy\'s password) among the secrets', () => {
    const imported = importCurl('curl https://h/x -E cert.pem:cert-pass -b "session=ck-1" -x http://pu:proxy-pw@proxy:8080 --pass key-pass', 'x.sh', noFiles);
    assert.deepEqual(imported.keptOut?.map((k) => [k.what, k.value]), [['the credential in -E', 'cert-pass'], ['the credential in -b', 'session=ck-1'], ['the credential in -x', 'proxy-pw'], ['the credential in --pass', 'key-pass']]);
  });

  it('keeps -F and --cert out with a note', () => {
    const imported = importCurl('curl https://h/x -F a=b --cert c.pem', 'x.sh', noFiles);
    assert.equal(imported.notes.length, 2);
    assert.match(imported.notes[0] ?? '', /-F \(a form body\) left out/);
  });
});

describe('cURL import: the @file reader both adapters use (readAtFileBesideCommand)', function () {
  this.timeout(20_000);
  let root: string;
  let dir: string;
  const command = () => ({ name: 'cmd.sh', path: path.join(dir, 'cmd.sh'), text: '' });
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-atfile-'));
    dir = path.join(root, 'commands');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(root, 'outside.json'), '{}');
    fs.writeFileSync(path.join(dir, 'body.json'), '{"a":1}');
    fs.mkdirSync(path.join(dir, 'bodies'));
    fs.writeFileSync(path.join(dir, 'bodies', 'b.json'), '{"b":2}');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads a file beside the command or below it', () => {
    assert.equal(readAtFileBesideCommand('body.json', command()), '{"a":1}');
    assert.equal(readAtFileBesideCommand('bodies/b.json', command()), '{"b":2}');
  });

  it('refuses a file outside the command\'s folder (an absolute path, .., a link out of it) and standard input', () => {
    // Windows makes a symbolic link only with a privilege: the link is tried where it can be made.
    if (process.platform !== 'win32') fs.symlinkSync(path.join(root, 'outside.json'), path.join(dir, 'link.json'));
    for (const name of [path.join(root, 'outside.json'), '../outside.json', ...(process.platform !== 'win32' ? ['link.json'] : [])]) assert.throws(() => readAtFileBesideCommand(name, command()), (e: unknown) => e instanceof UnreadableFile && /outside the folder of cmd\.sh/.test(e.message), name);
    assert.throws(() => readAtFileBesideCommand('-', command()), /reads standard input/);
    assert.throws(() => readAtFileBesideCommand('body.json', { name: 'clipboard', text: '' }), /clipboard is in no folder/);
  });

  it('refuses a device or a pipe beside the command at once (a pipe with no writer would block the open)', function () {
    if (process.platform === 'win32') this.skip(); // no mkfifo, no /dev/zero
    fs.symlinkSync('/dev/zero', path.join(dir, 'zero.json'));
    execFileSync('mkfifo', [path.join(dir, 'fifo.json')]);
    // /dev/zero is outside the folder once the link is followed; the pipe is inside it and no regular file.
    assert.throws(() => readAtFileBesideCommand('zero.json', command()), /outside the folder/);
    assert.throws(() => readAtFileBesideCommand('fifo.json', command()), /is not a regular file \(a device, a pipe or a socket\)/);
  });

  it('stops reading a device or a pipe at the byte limit, whatever stat says (size 0)', function () {
    if (process.platform === 'win32') this.skip();
    assert.throws(() => readFileBounded('/dev/zero', 1_000_000, { regularOnly: false }), /more than 1000000 bytes/);
    const fifo = path.join(dir, 'endless');
    execFileSync('mkfifo', [fifo]);
    const writer = spawn(process.execPath, ['-e', `const fs=require('fs');const fd=fs.openSync(${JSON.stringify(fifo)},'w');const b=Buffer.alloc(65536,97);for(;;){try{fs.writeSync(fd,b)}catch{process.exit(0)}}`], { stdio: 'ignore' });
    try {
      assert.throws(() => readFileBounded(fifo, 1_000_000, { regularOnly: false }), /more than 1000000 bytes/);
    } finally {
      writer.kill();
    }
  });
});
