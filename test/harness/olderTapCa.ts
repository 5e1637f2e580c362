import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TAP_CA_COMMON_NAME, TAP_CERTIFICATE_FILES } from '../../src/tap/certificate';

/**
 * Writes into `dir` the tap CA an earlier version made: the same name and key type, path length 0 and
 * name constraints on DNS names and IP addresses only, no extended key usage. Made with the openssl CLI,
 * so the tap reads it as it would read a file it did not write this time.
 */
export function writeOlderTapCa(dir: string): string {
  const config = path.join(dir, 'older-ca.cnf');
  fs.writeFileSync(config, [
    '[req]', 'distinguished_name = dn', '[dn]', '[ca]',
    'basicConstraints = critical, CA:TRUE, pathlen:0',
    'keyUsage = critical, keyCertSign, cRLSign',
    'nameConstraints = critical, permitted;DNS:localhost, permitted;IP:127.0.0.1/255.255.255.255, permitted;IP:::1/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'subjectKeyIdentifier = hash', '',
  ].join('\n'));
  const caFile = path.join(dir, TAP_CERTIFICATE_FILES.caCert);
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '3000', '-subj', `/CN=${TAP_CA_COMMON_NAME}/O=Payment Workbench`,
      '-config', config, '-extensions', 'ca', '-keyout', path.join(dir, TAP_CERTIFICATE_FILES.caKey), '-out', caFile], { stdio: 'pipe' });
  } finally {
    fs.rmSync(config, { force: true });
  }
  return fs.readFileSync(caFile, 'utf8');
}
