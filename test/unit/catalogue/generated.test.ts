/** The checked-in schemas/ and snippets/ must be what the catalogue produces now. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseRequestFile, validateBody, validatePathParam } from '../../../src/catalogue';
import { generatedFiles } from '../../../src/flows/generatedFiles';
import { NOW } from './helpers';

const root = process.cwd();
const HINT = 'run `npm run schemas` and commit the result';

describe('catalogue: generated files are in sync', () => {
  const files = generatedFiles();
  for (const [rel, expected] of files) {
    it(`${rel} is up to date`, () => {
      const full = path.join(root, rel);
      assert.ok(fs.existsSync(full), `${rel} is missing: ${HINT}`);
      assert.ok(fs.readFileSync(full, 'utf8') === expected, `${rel} differs from the catalogue: ${HINT}`);
    });
  }
  it('no stale schema files are left over', () => {
    const onDisk = fs.readdirSync(path.join(root, 'schemas')).filter((n) => n.endsWith('.schema.json')).map((n) => `schemas/${n}`);
    assert.deepEqual(onDisk.filter((f) => !files.has(f)), [], HINT);
  });
  it('each snippet is a valid request file whose body validates', () => {
    const snippets = JSON.parse(files.get('snippets/payreq.code-snippets')!) as Record<string, { body: string[]; scope: string }>;
    assert.ok(Object.keys(snippets).length >= 11);
    for (const [name, s] of Object.entries(snippets)) {
      assert.equal(s.scope, 'payreq');
      // Accepting every tab stop's default gives the file a user gets by pressing Tab through it.
      const text = s.body.join('\n').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$0$/, '');
      // The version is a choice: the documented version first, then the pinned ones it gives the rules of; each makes a valid file.
      const choices = /\$\{\d+\|([^|]*)\|\}/.exec(text)?.[1]?.split(',') ?? [''];
      for (const choice of choices) {
        const parsed = parseRequestFile(text.replace(/\$\{\d+\|[^|]*\|\}/, choice));
        assert.ok(parsed.ok, `${name} v${choice}: ${parsed.ok ? '' : parsed.message}`);
        const file = parsed.file;
        assert.deepEqual(validateBody(file.operation, file.version, file.body, NOW), [], `${name} v${choice}`);
        for (const [param, value] of Object.entries(file.params ?? {})) {
          assert.deepEqual(validatePathParam(param as 'orderId', value as string), [], `${name} ${param}`);
        }
      }
    }
  });
});
