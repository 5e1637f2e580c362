import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export interface TestPki {
  dir: string;
  /** Where a file of this PKI lives (e.g. 'ca.crt', 'client.key' unencrypted), for code that takes paths. */
  file(name: string): string;
  caCert: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  /** The client key encrypted with `clientKeyPassphrase`, to exercise the passphrase option. */
  clientKey: string;
  clientKeyPassphrase: string;
  /** A client certificate from a CA the server does not trust. */
  strangerCert: string;
  strangerKey: string;
  remove(): void;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

// EC keys: generated in milliseconds, where RSA takes seconds on a busy machine.
const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'];

export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A throwaway CA with a server certificate for 127.0.0.1/localhost and client certificates, made by the openssl CLI. */
export function createTestPki(clientKeyPassphrase = 'pki-test-passphrase'): TestPki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-pki-'));
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

  const selfSignedCa = (name: string, cn: string) =>
    openssl(dir, ['req', '-x509', ...NEW_KEY, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '2', '-subj', `/CN=${cn}`]);
  const issue = (name: string, ca: string, cn: string, ext: string) => {
    write(`${name}.ext`, ext);
    openssl(dir, ['req', ...NEW_KEY, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`]);
    openssl(dir, ['x509', '-req', '-in', `${name}.csr`, '-CA', `${ca}.crt`, '-CAkey', `${ca}.key`, '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', '-extfile', `${name}.ext`]);
  };

  selfSignedCa('ca', 'Payment Workbench Test CA');
  selfSignedCa('stranger-ca', 'Unknown CA');
  issue('server', 'ca', 'localhost', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  issue('client', 'ca', 'TESTSIMULATOR01', 'extendedKeyUsage=clientAuth\n');
  issue('stranger', 'stranger-ca', 'TESTSIMULATOR01', 'extendedKeyUsage=clientAuth\n');
  openssl(dir, ['pkey', '-in', 'client.key', '-aes256', '-passout', `pass:${clientKeyPassphrase}`, '-out', 'client-encrypted.key']);

  return {
    dir,
    file: (name) => path.join(dir, name),
    caCert: read('ca.crt'),
    serverCert: read('server.crt'),
    serverKey: read('server.key'),
    clientCert: read('client.crt'),
    clientKey: read('client-encrypted.key'),
    clientKeyPassphrase,
    strangerCert: read('stranger.crt'),
    strangerKey: read('stranger.key'),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
