/**
 * The Gateway Tap's TLS certificate: a local CA, made once and kept in the user's storage, and a server
 * certificate it issues for localhost, 127.0.0.1 and ::1. The user trusts the CA file once (php.ini,
 * a Java truststore, NODE_EXTRA_CA_CERTS...); the tap serves the server certificate.
 *
 * Why a CA and not one self-signed certificate: the server certificate must be re-issued (Apple's clients
 * refuse server certificates valid for more than 825 days), and re-issuing under the same CA means the
 * user's trust settings keep working. That is why the CA's private key is kept in `dir` (mode 0600, in a
 * folder made 0700, or an existing one only its owner can write to). What a stolen CA key could do is bounded by the CA itself, since users trust it system-wide too:
 * - extendedKeyUsage serverAuth: no TLS client certificate, S/MIME, code or time-stamp signing
 *   (OpenSSL, Windows and NSS apply a CA's extendedKeyUsage to the leaves under it);
 * - a critical nameConstraints extension with a permitted subtree for every name form a leaf could use
 *   to name someone: DNS localhost, IP 127.0.0.1 and ::1, and for e-mail, URI, subject name and Windows
 *   user (UPN) only names that cannot be anyone's (the reserved `invalid` name, CN=localhost). An
 *   excluded empty subtree would read as "none of this form" but OpenSSL matches it against no e-mail
 *   or URI at all, so "permitted: nobody" is how it is said;
 * - pathLenConstraint 0 forbids sub-CAs.
 * A CA on disk without these limits (made by an older version) is replaced, and the caller says so.
 *
 * No vscode import; Node 20 only: node:crypto makes the keys and signs, ./der builds the certificates.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate, type KeyObject } from 'node:crypto';
import * as fs from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import * as path from 'node:path';
import * as der from './der';

export interface TapCertificate {
  /** Absolute path of the CA certificate (PEM) to trust: the one file a user is ever shown. */
  caFile: string;
  /** The server certificate (PEM) the tap's TLS listener serves. */
  cert: string;
  /** The server certificate's private key (PKCS#8 PEM). */
  key: string;
  /** True when this call wrote a new server certificate (first run, or files missing, corrupt, mismatched or expiring). */
  created: boolean;
  /** True when the CA is new too: whoever trusted the previous CA file must trust this one. */
  caCreated: boolean;
  /** Why the files on disk could not be reused, when `created`. */
  renewedBecause?: string;
  /** Why a CA found on disk was replaced, when it was: whoever trusted it should remove it and trust the new one. */
  replacedCa?: string;
}

export interface TapCertificateOptions {
  /** The clock; tests move it to make certificates expire. */
  now?: Date;
}

export const TAP_CA_COMMON_NAME = 'Payment Workbench Gateway Tap local CA';
/** What the server certificate names, and all the CA may ever vouch for. */
export const TAP_SERVER_NAMES = { dns: ['localhost'], ips: ['127.0.0.1', '::1'] } as const;

export const TAP_CERTIFICATE_FILES = {
  caCert: 'tap-ca.pem',
  caKey: 'tap-ca-key.pem',
  cert: 'tap-server.pem',
  key: 'tap-server-key.pem',
} as const;

const DAY_MS = 86_400_000;
/** Apple's limit for TLS server certificates (support.apple.com/HT210176); the CA is not bound by it. */
const SERVER_DAYS = 825;
const CA_DAYS = 3650;
/** Renew before this, so a tap started today still works for a month. */
const RENEW_WITHIN_DAYS = 30;
/** Each file is a few hundred bytes; anything past this is not ours. */
const MAX_FILE_BYTES = 64 * 1024;
/** notBefore is set a day back, so a client whose clock runs behind (a VM, a container) still accepts it. */
const BACKDATE_MS = DAY_MS;

const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  subjectKeyIdentifier: '2.5.29.14',
  userPrincipalName: '1.3.6.1.4.1.311.20.2.3',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  nameConstraints: '2.5.29.30',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
} as const;

/** keyUsage bit numbers (RFC 5280 4.2.1.3). */
const KEY_USAGE = { digitalSignature: 0, keyCertSign: 5, cRLSign: 6 } as const;

/**
 * The tap's CA file and server certificate in `dir`, made the first time and reused while they parse,
 * belong together and stay valid for more than 30 days; otherwise the server certificate is re-issued
 * (under the same CA when the CA is still good, so the user's trust keeps working) or both are made anew.
 * Safe when several processes start at once: generation happens under a lock, files are written to temp
 * names and renamed, and what is returned is what was read back from disk and checked.
 */
export function tapCertificate(dir: string, options: TapCertificateOptions = {}): TapCertificate {
  const root = path.resolve(dir);
  const now = options.now ?? new Date();
  if (Number.isNaN(now.getTime())) throw new RangeError('tapCertificate: options.now is not a valid date.');
  makePrivateDir(root);
  const found = inspect(root, now);
  if (found.kind === 'usable') return { ...found.files, caFile: caFileOf(root), created: false, caCreated: false };
  return withLock(root, () => {
    const again = inspect(root, now);
    if (again.kind === 'usable') return { ...again.files, caFile: caFileOf(root), created: false, caCreated: false };
    try {
      const ca = again.kind === 'caUsable' ? again.ca : writeNewCa(root, now);
      writeServerCertificate(root, ca, now);
    } catch (error) {
      throw new Error(`Cannot write the Gateway Tap certificate in ${root}: ${(error as Error).message}`, { cause: error });
    }
    const written = inspect(root, now);
    if (written.kind !== 'usable') throw new Error(`The Gateway Tap certificate written to ${root} does not read back as usable (${written.why}); delete that folder and start the tap again.`);
    const replacedCa = again.kind === 'unusable' ? again.replacedCa : undefined;
    return { ...written.files, caFile: caFileOf(root), created: true, caCreated: again.kind !== 'caUsable', renewedBecause: again.why, ...(replacedCa ? { replacedCa } : {}) };
  });
}

/** A CA as the tap uses it: its certificate and private key. */
export interface LoadedCa {
  cert: X509Certificate;
  key: KeyObject;
}

type Inspection =
  | { kind: 'usable'; files: { cert: string; key: string } }
  | { kind: 'caUsable'; ca: LoadedCa; why: string }
  | { kind: 'unusable'; why: string; replacedCa?: string };

const caFileOf = (root: string): string => path.join(root, TAP_CERTIFICATE_FILES.caCert);

/** What is on disk, checked as a TLS client and the tap would: parse, pair, chain, names, dates. */
function inspect(root: string, now: Date): Inspection {
  const read = (name: string): string | undefined => {
    const file = path.join(root, name);
    try {
      // A file this large is no certificate or key made here: read none of it, and it gets replaced.
      if (fs.statSync(file).size > MAX_FILE_BYTES) return '';
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const ca = loadCa(read(TAP_CERTIFICATE_FILES.caCert), read(TAP_CERTIFICATE_FILES.caKey), now);
  if ('why' in ca) return { kind: 'unusable', why: ca.why, ...(ca.trusted ? { replacedCa: ca.why } : {}) };
  const certPem = read(TAP_CERTIFICATE_FILES.cert);
  const keyPem = read(TAP_CERTIFICATE_FILES.key);
  const problem = serverCertificateProblem(certPem, keyPem, ca.cert, now);
  if (problem) return { kind: 'caUsable', ca, why: problem };
  return { kind: 'usable', files: { cert: certPem ?? '', key: keyPem ?? '' } };
}

/** `trusted`: the CA file was a tap CA that a user may have trusted, so its replacement is worth saying. */
function loadCa(certPem: string | undefined, keyPem: string | undefined, now: Date): LoadedCa | { why: string; trusted?: true } {
  if (certPem === undefined || keyPem === undefined) return { why: 'no CA yet' };
  const parsed = parseCertificateAndKey(certPem, keyPem);
  if ('why' in parsed) return { why: `CA ${parsed.why}` };
  const { cert, key } = parsed;
  // Only a CA made here: its key identifier and name constraints are what the server certificate relies on.
  if (!cert.ca || !cert.subject.split('\n').includes(`CN=${TAP_CA_COMMON_NAME}`) || !cert.verify(cert.publicKey)) return { why: 'the CA file is not the tap CA' };
  if (!hasCaLimits(cert)) return { why: 'the CA was made by an older version of the tap: it could vouch for more than TLS servers of this machine, such as e-mail addresses and TLS clients', trusted: true };
  const dates = datesProblem(cert, now);
  return dates ? { why: `CA ${dates}`, trusted: true } : { cert, key };
}

function serverCertificateProblem(certPem: string | undefined, keyPem: string | undefined, ca: X509Certificate, now: Date): string | undefined {
  if (certPem === undefined || keyPem === undefined) return 'no server certificate yet';
  const parsed = parseCertificateAndKey(certPem, keyPem);
  if ('why' in parsed) return `server certificate ${parsed.why}`;
  const { cert } = parsed;
  if (cert.ca || !cert.checkIssued(ca) || !cert.verify(ca.publicKey)) return 'the server certificate was not issued by the CA file';
  const namesOk =
    TAP_SERVER_NAMES.dns.every((host) => cert.checkHost(host, { subject: 'never' }) === host) &&
    TAP_SERVER_NAMES.ips.every((ip) => cert.checkIP(ip) === ip);
  if (!namesOk) return `the server certificate does not name ${[...TAP_SERVER_NAMES.dns, ...TAP_SERVER_NAMES.ips].join(', ')}`;
  const dates = datesProblem(cert, now);
  return dates ? `server certificate ${dates}` : undefined;
}

function parseCertificateAndKey(certPem: string, keyPem: string): { cert: X509Certificate; key: KeyObject } | { why: string } {
  let cert: X509Certificate;
  let key: KeyObject;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    return { why: 'file is not a certificate' };
  }
  try {
    key = createPrivateKey(keyPem);
  } catch {
    return { why: 'key file is not a private key' };
  }
  return cert.checkPrivateKey(key) ? { cert, key } : { why: 'key does not belong to its certificate' };
}

function datesProblem(cert: X509Certificate, now: Date): string | undefined {
  const from = Date.parse(cert.validFrom);
  const to = Date.parse(cert.validTo);
  if (Number.isNaN(from) || Number.isNaN(to)) return 'has unreadable dates';
  if (from > now.getTime()) return `is not valid before ${cert.validFrom}`;
  if (to - now.getTime() <= RENEW_WITHIN_DAYS * DAY_MS) return `expires ${cert.validTo}`;
  return undefined;
}

function writeNewCa(root: string, now: Date): LoadedCa {
  const ca = makeCa({ commonName: TAP_CA_COMMON_NAME, scope: TAP_CA_SCOPE, days: CA_DAYS }, now);
  writeAtomically(path.join(root, TAP_CERTIFICATE_FILES.caKey), privateKeyPem(ca.key), 0o600);
  writeAtomically(path.join(root, TAP_CERTIFICATE_FILES.caCert), ca.pem, 0o644);
  return ca;
}

/** What a CA may vouch for: these DNS names and IP addresses, and leaves whose subject is CN= one of `subjects`. */
export interface CaScope {
  readonly dns: readonly string[];
  readonly ips: readonly string[];
  readonly subjects: readonly string[];
}

/** The tap's own CA: the loopback names, and CN=localhost, the one subject its server certificate has. */
const TAP_CA_SCOPE: CaScope = { ...TAP_SERVER_NAMES, subjects: [TAP_SERVER_NAMES.dns[0]] };

/** A new CA (key in memory) bound to `scope`, for TLS servers only, with no sub-CA under it. */
export function makeCa(spec: { commonName: string; scope: CaScope; days: number }, now: Date): LoadedCa & { pem: string } {
  const { publicKey, privateKey } = newKeyPair();
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  const name = distinguishedName([
    [OID.commonName, spec.commonName],
    [OID.organization, 'Payment Workbench'],
    // A new CA gets a name of its own (two made in the same second too), so a trust store holding an
    // old one shows two entries, and no client takes one for the other by name.
    [OID.organizationalUnit, `created ${now.toISOString().slice(0, 19)}Z ${randomBytes(4).toString('hex')}`],
  ]);
  const pem = buildCertificate({
    subject: name,
    issuer: name,
    notBefore,
    notAfter: new Date(notBefore.getTime() + spec.days * DAY_MS),
    publicKey,
    signingKey: privateKey,
    extensions: [...caLimits(spec.scope), extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(publicKey)))],
  });
  return { pem, cert: new X509Certificate(pem), key: privateKey };
}

function writeServerCertificate(root: string, ca: LoadedCa, now: Date): void {
  const issued = issueServerCertificate(ca, TAP_SERVER_NAMES, now);
  writeAtomically(path.join(root, TAP_CERTIFICATE_FILES.key), issued.key, 0o600);
  writeAtomically(path.join(root, TAP_CERTIFICATE_FILES.cert), issued.cert, 0o644);
}

/**
 * A server certificate (serverAuth, CA:FALSE) for the given names, issued by `ca`. Exported for the tests
 * that check the CA's name constraints: a certificate it issues for another name must be refused.
 */
export function issueServerCertificate(
  ca: LoadedCa,
  names: { readonly dns: readonly string[]; readonly ips: readonly string[] },
  now: Date,
): { cert: string; key: string } {
  const { publicKey, privateKey } = newKeyPair();
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  // Never past the CA's own end: some clients refuse a chain whose leaf outlives its issuer.
  const notAfter = new Date(Math.min(notBefore.getTime() + SERVER_DAYS * DAY_MS, Date.parse(ca.cert.validTo)));
  const cert = buildCertificate({
    subject: distinguishedName([[OID.commonName, names.dns[0] ?? names.ips[0] ?? 'localhost']]),
    issuer: subjectNameOf(ca.cert),
    notBefore,
    notAfter,
    publicKey,
    signingKey: ca.key,
    extensions: [
      // CA:FALSE is basicConstraints' default, which DER leaves out: an empty SEQUENCE.
      extension(OID.basicConstraints, true, der.sequence()),
      extension(OID.keyUsage, true, der.namedBits([KEY_USAGE.digitalSignature])),
      extension(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth))),
      extension(OID.subjectAltName, false, der.sequence(...names.dns.map(dnsName), ...names.ips.map((ip) => ipAddressName(ipBytes(ip))))),
      extension(OID.subjectKeyIdentifier, false, der.octetString(keyIdentifier(publicKey))),
      extension(OID.authorityKeyIdentifier, false, der.sequence(der.implicitPrimitive(0, keyIdentifier(ca.cert.publicKey)))),
    ],
  });
  return { cert, key: privateKeyPem(privateKey) };
}

interface CertificateSpec {
  subject: Buffer;
  issuer: Buffer;
  notBefore: Date;
  notAfter: Date;
  publicKey: KeyObject;
  signingKey: KeyObject;
  extensions: Buffer[];
}

/** An X.509 v3 certificate (RFC 5280 4.1) signed with ECDSA P-256 / SHA-256, as PEM. */
function buildCertificate(spec: CertificateSpec): string {
  if (spec.signingKey.asymmetricKeyType !== 'ec') throw new Error('The tap signs its certificates with an EC key only.');
  const algorithm = der.sequence(der.oid(OID.ecdsaWithSha256));
  const tbs = der.sequence(
    der.explicit(0, der.integer(2)), // v3
    der.integer(serialNumber()),
    algorithm,
    spec.issuer,
    der.sequence(der.time(spec.notBefore), der.time(spec.notAfter)),
    spec.subject,
    spec.publicKey.export({ type: 'spki', format: 'der' }),
    der.explicit(3, der.sequence(...spec.extensions)),
  );
  const signature = sign('sha256', tbs, { key: spec.signingKey, dsaEncoding: 'der' });
  return pem('CERTIFICATE', der.sequence(tbs, algorithm, der.bitString(signature)));
}

/** 16 random bytes, top bit clear (RFC 5280 wants a positive serial) and next bit set, so it stays 16 bytes. */
function serialNumber(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes;
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return der.sequence(der.oid(id), ...(critical ? [der.boolean(true)] : []), der.octetString(value));
}

function distinguishedName(attributes: ReadonlyArray<readonly [string, string]>): Buffer {
  return der.sequence(...attributes.map(([type, value]) => der.set(der.sequence(der.oid(type), der.utf8String(value)))));
}

const dnsName = (host: string): Buffer => der.implicitPrimitive(2, der.ia5Bytes(host));
const ipAddressName = (bytes: Buffer): Buffer => der.implicitPrimitive(7, bytes);

/**
 * The extensions that bound what the CA may vouch for, byte for byte as a new CA carries them: a CA on
 * disk without each of them exactly was made by an older version (or elsewhere) and is not reused.
 */
function caLimits(scope: CaScope): Buffer[] {
  return [
    extension(OID.basicConstraints, true, der.sequence(der.boolean(true), der.integer(0))),
    extension(OID.keyUsage, true, der.namedBits([KEY_USAGE.keyCertSign, KEY_USAGE.cRLSign])),
    extension(OID.extKeyUsage, false, der.sequence(der.oid(OID.serverAuth))),
    extension(OID.nameConstraints, true, der.sequence(der.implicitConstructed(0, ...permittedSubtrees(scope)))),
  ];
}

function hasCaLimits(cert: X509Certificate): boolean {
  const present = extensionsOf(cert);
  return caLimits(TAP_CA_SCOPE).every((limit) => present.some((e) => e.equals(limit)));
}

/** The Extension TLVs of a certificate (RFC 5280 4.1: tbsCertificate's last field, [3] EXPLICIT Extensions). */
function extensionsOf(cert: X509Certificate): Buffer[] {
  const [tbs] = der.children(cert.raw);
  const wrapped = (tbs ? der.children(tbs) : []).find((field) => field[0] === 0xa3);
  const [list] = wrapped ? der.children(wrapped) : [];
  return list ? der.children(list) : [];
}

/** A name no one holds: the reserved top-level name `invalid` (RFC 6761 6.4), as an e-mail domain, URI host or UPN. */
const NOBODY = 'invalid';

/**
 * What the CA may vouch for, one permitted subtree per name form (RFC 5280 4.2.1.10): a form with none is
 * unconstrained. The server's names; each IP as address plus an all-ones mask; the leaves' subject names;
 * and for e-mail (OpenSSL applies it to SmtpUTF8 names too), URIs and Windows user names only `invalid`.
 */
function permittedSubtrees(scope: CaScope): Buffer[] {
  return [
    ...scope.dns.map((host) => der.sequence(dnsName(host))),
    ...scope.ips.map((ip) => {
      const address = ipBytes(ip);
      return der.sequence(ipAddressName(Buffer.concat([address, Buffer.alloc(address.length, 0xff)])));
    }),
    der.sequence(der.implicitPrimitive(1, der.ia5Bytes(NOBODY))), // rfc822Name
    der.sequence(der.implicitPrimitive(6, der.ia5Bytes(NOBODY))), // uniformResourceIdentifier
    // directoryName: a Name is a CHOICE, so its tag is explicit
    ...scope.subjects.map((subject) => der.sequence(der.explicit(4, distinguishedName([[OID.commonName, subject]])))),
    der.sequence(der.implicitConstructed(0, der.oid(OID.userPrincipalName), der.explicit(0, der.utf8String(NOBODY)))), // otherName
  ];
}

/** An IPv4 or IPv6 address as the 4 or 16 bytes an iPAddress name holds. */
export function ipBytes(ip: string): Buffer {
  if (isIPv4(ip)) return Buffer.from(ip.split('.').map(Number));
  if (!isIPv6(ip) || ip.includes('.') || ip.includes('%')) throw new RangeError(`not an IP address the tap names: "${ip}"`);
  const [head = '', tail] = ip.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  const groups = tail === undefined ? groupsOf(head) : [...groupsOf(head), ...Array<string>(8 - groupsOf(head).length - groupsOf(tail).length).fill('0'), ...groupsOf(tail)];
  return Buffer.from(groups.map((g) => g.padStart(4, '0')).join(''), 'hex');
}

/**
 * A key identifier: the leftmost 160 bits of the SHA-256 of the subjectPublicKey bits (RFC 7093 method 1).
 * For P-256 those bits are the uncompressed point 04 || x || y.
 */
function keyIdentifier(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.x === undefined || jwk.y === undefined) throw new Error('The tap expects an EC public key.');
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return createHash('sha256').update(point).digest().subarray(0, 20);
}

/** The subject Name of a certificate, byte for byte, to be the issuer Name of what it signs. */
function subjectNameOf(cert: X509Certificate): Buffer {
  // Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version, serial, signature, issuer, validity, subject, ... } ... }
  const [tbs] = der.children(cert.raw);
  const fields = tbs ? der.children(tbs) : [];
  const subject = fields[fields[0]?.[0] === 0xa0 ? 5 : 4];
  if (!subject) throw new Error('The tap CA certificate has no subject name.');
  return subject;
}

function newKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
}

const privateKeyPem = (key: KeyObject): string => String(key.export({ type: 'pkcs8', format: 'pem' }));

function pem(label: string, bytes: Buffer): string {
  const lines = bytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A whole file or none: written under a temp name, then renamed over the old one. */
function writeAtomically(file: string, text: string, mode: number): void {
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, text, { mode, flag: 'wx' });
    fs.renameSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** The folder is not one to keep a CA's private key in: the CLI says which flag named it. */
export class TapCertificateFolderError extends Error {}

/**
 * A folder for the keys: made 0700 (with any parents it makes) when missing; an existing one is used as it
 * is, never chmodded (it may be /tmp or a web root the user named), but only when no one else can write
 * to it: whoever can could put a CA of their own there (or its key) before the tap looks, and the user
 * would trust it. The files themselves are written 0600 / 0644 whatever the folder's mode.
 */
function makePrivateDir(root: string): void {
  let made: string | undefined;
  try {
    made = fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new Error(`The Gateway Tap keeps its certificate in ${root}, which cannot be used as a private folder: ${(error as Error).message}`, { cause: error });
  }
  if (made === undefined && process.platform !== 'win32') refuseSharedFolder(root);
}

function refuseSharedFolder(root: string): void {
  const stat = fs.statSync(root);
  const uid = process.getuid?.();
  const shared = uid !== undefined && stat.uid !== uid ? `belongs to another user (uid ${stat.uid})` : stat.mode & 0o022 ? `other users can write to (mode ${(stat.mode & 0o7777).toString(8)})` : undefined;
  if (shared) throw new TapCertificateFolderError(`The Gateway Tap keeps its CA's private key in ${root}, which ${shared}: they could put a CA of their own there for you to trust. Use a folder only you can write to.`);
}

const LOCK_DIR = '.generating.lock';
/** Generation takes milliseconds; a lock this old was left by a process that died holding it. */
const STALE_LOCK_MS = 10_000;
const LOCK_WAIT_MS = 15_000;

/** Run `work` holding a lock other processes see: mkdir is atomic on every platform Node runs on. */
function withLock<T>(root: string, work: () => T): T {
  const lock = path.join(root, LOCK_DIR);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockAgeMs(lock) > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`Another process has been making the Gateway Tap certificate in ${root} for over ${LOCK_WAIT_MS / 1000} s; if no tap is starting, delete ${lock}.`);
      else sleepSync(20);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function lockAgeMs(lock: string): number {
  try {
    return Date.now() - fs.statSync(lock).mtimeMs;
  } catch {
    return 0; // gone meanwhile: the next mkdir will tell
  }
}

/** The API is synchronous (it runs once, before the listener starts); waiting for another process blocks briefly. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
