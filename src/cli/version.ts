/** The version in package.json, found from the running file (dist/cli.js, or out/src/cli/version.js under test). */
import * as fs from 'node:fs';
import * as path from 'node:path';

const PACKAGE_NAME = 'payment-workbench';
const MAX_LEVELS = 4;

export function packageVersion(from = __dirname): string {
  let folder = from;
  for (let level = 0; level <= MAX_LEVELS; level++) {
    const version = versionIn(path.join(folder, 'package.json'));
    if (version) return version;
    folder = path.dirname(folder);
  }
  return 'unknown (no package.json of payment-workbench above the CLI)';
}

function versionIn(file: string): string | undefined {
  try {
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
    return pkg.name === PACKAGE_NAME && typeof pkg.version === 'string' ? pkg.version : undefined;
  } catch {
    return undefined;
  }
}
