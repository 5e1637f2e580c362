import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cli, repoRoot } from './cliProcess';

/** Every flag each command takes; the help of the command and the general help name each one. */
const FLAGS = {
  run: ['--env', '--environments', '--simulator', '--reporter', '--out', '--shard', '--yes-live', '--send-anyway'],
  simulator: ['--port', '--host', '--token-lifetime', '--max-orders'],
  listen: ['--port', '--json', '--secret'],
} as const;

describe('payment-workbench usage: flags, help and version (the real process)', function () {
  this.timeout(60_000);

  it('an unknown flag of run says which, suggests the nearest flag and points to run --help, without Node’s parseArgs text', async () => {
    const r = await cli(['run', 'examples/flows', '--simulatr']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /run: unknown flag --simulatr \(did you mean --simulator\?\)/);
    assert.match(r.stderr, /payment-workbench run --help/);
    assert.doesNotMatch(r.stderr, /To specify a positional argument|ERR_PARSE_ARGS/);
    assert.equal(r.stdout, '', 'nothing ran');
  });

  it('an unknown flag of listen and of simulator suggests the nearest flag too; one far from every flag gets no guess', async () => {
    const listen = await cli(['listen', '--jsn']);
    assert.equal(listen.status, 2);
    assert.match(listen.stderr, /listen: unknown flag --jsn \(did you mean --json\?\)/);
    assert.match(listen.stderr, /payment-workbench listen --help/);
    const simulator = await cli(['simulator', '--max-order', '5']);
    assert.equal(simulator.status, 2);
    assert.match(simulator.stderr, /simulator: unknown flag --max-order \(did you mean --max-orders\?\)/);
    assert.match(simulator.stderr, /payment-workbench simulator --help/);
    const far = await cli(['run', 'examples/flows', '--completely-different']);
    assert.equal(far.status, 2);
    assert.match(far.stderr, /run: unknown flag --completely-different; the flags are --env, /);
  });

  it('a flag without its value says which value it needs', async () => {
    const r = await cli(['run', 'examples/flows', '--reporter']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /run: --reporter needs a value \(NAME\[:FILE\]\)/);
  });

  for (const command of ['run', 'simulator', 'listen'] as const) {
    it(`${command} --help prints the usage of ${command} alone, naming each of its flags, exit 0`, async () => {
      const r = await cli([command, '--help']);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^usage: payment-workbench ${command} `));
      for (const flag of FLAGS[command]) assert.ok(r.stdout.includes(flag), `${command} --help does not name ${flag}:\n${r.stdout}`);
      for (const other of (['run', 'simulator', 'listen'] as const).filter((c) => c !== command)) assert.ok(!r.stdout.includes(`payment-workbench ${other} `), `${command} --help shows the usage of ${other}`);
    });
  }

  it('--help names every flag of every command, --max-orders among them', async () => {
    const r = await cli(['--help']);
    assert.equal(r.status, 0);
    for (const [command, flags] of Object.entries(FLAGS)) for (const flag of flags) assert.match(r.stdout, new RegExp(`payment-workbench ${command} [^\\n]*(\\n {20,}[^\\n]*)*${flag}\\b`), `--help does not name ${command} ${flag}:\n${r.stdout}`);
    assert.match(r.stdout, /--version/);
  });

  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const r = await cli([flag]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, `payment-workbench ${version}\n`);
    }
  });
});
