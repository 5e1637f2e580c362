/**
 * What a program needs to send its HTTPS through the tap and trust the run's interception CA, per
 * runtime, as environment variables: the proxy variables (upper and lower case: curl reads only the
 * lower-case http_proxy, others the upper), and a CA file each runtime reads. Written for
 * `tap -- COMMAND`, `tap env` and VS Code's terminal through the tap; nothing here changes the
 * machine's own trust: close the program or the terminal and the trust is gone.
 *
 * - Node: NODE_EXTRA_CA_CERTS (adds to its roots); NODE_OPTIONS --require of dist/tapNodePreload.js,
 *   as Node 20/22 read no proxy variable (Node 24+ with NODE_USE_ENV_PROXY=1 does).
 * - Python (requests, urllib, httpx), curl, Go, Ruby, .NET on Linux, git: HTTPS_PROXY and one of
 *   SSL_CERT_FILE, REQUESTS_CA_BUNDLE, CURL_CA_BUNDLE: a bundle of the public roots (and a CA file
 *   the user had set) with the interception CA, since these replace the default roots instead of adding.
 * - PHP: curl.cainfo and openssl.cafile from an ini file in a scan folder added after PHP's own
 *   (PHP_INI_SCAN_DIR starting with the path separator keeps the compiled-in folder).
 * - Java: JAVA_TOOL_OPTIONS proxy properties and a PKCS12 trust store (the JDK's roots and the CA),
 *   made with the JDK's keytool when there is one.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { rootCertificates } from 'node:tls';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** A CA file the user pointed a variable at: a bundle is a few hundred KiB; anything past this is not read. */
const MAX_USER_BUNDLE_BYTES = 4 * 1024 * 1024;
const JAVA_STORE_PASSWORD = 'changeit';
const LOOPBACK = ['localhost', '127.0.0.1', '::1'];
/** The run's trust folders in the temporary folder: payment-workbench-tap-XXXXXX. */
export const TRUST_FOLDER_PREFIX = 'payment-workbench-tap-';

export interface TrustFiles {
  /** The folder the files are in (private; whoever wrote it removes it when the tap stops). */
  dir: string;
  /** The interception CA alone. */
  caFile: string;
  /** Public roots, a CA file the user had set, and the interception CA. */
  bundleFile: string;
  /** For NODE_EXTRA_CA_CERTS: the one the user had set, and the interception CA. */
  nodeExtraFile: string;
  phpIniDir: string;
  /** The Java trust store, when a JDK's keytool was found. */
  javaTrustStore?: string;
}

/**
 * Writes the CA files into a new private temporary folder (the caller removes `dir` when the tap stops);
 * the Java store only where `keytool` is found on PATH.
 * keytool takes a second or two: `waitForJava: false` (a tap with no command to start) names the store
 * at once and lets keytool finish in the background.
 */
export async function writeTrustFiles(caPem: string, env: NodeJS.ProcessEnv, options: { waitForJava?: boolean } = {}): Promise<TrustFiles> {
  // mkdtemp makes the folder 0700 under a name no one could have prepared.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), TRUST_FOLDER_PREFIX));
  const write = (name: string, text: string): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text, { mode: 0o644 });
    return file;
  };
  const userBundle = readUserCaFile(env.SSL_CERT_FILE) ?? readUserCaFile(env.REQUESTS_CA_BUNDLE) ?? readUserCaFile(env.CURL_CA_BUNDLE) ?? '';
  const caFile = write('tap-interception-ca.pem', caPem);
  const bundleFile = write('ca-bundle.pem', [...rootCertificates, userBundle, caPem].filter(Boolean).map((p) => p.trim()).join('\n') + '\n');
  const nodeExtraFile = write('node-extra-ca.pem', [readUserCaFile(env.NODE_EXTRA_CA_CERTS) ?? '', caPem].filter(Boolean).map((p) => p.trim()).join('\n') + '\n');
  const phpIniDir = path.join(dir, 'php');
  fs.mkdirSync(phpIniDir, { mode: 0o700 });
  fs.writeFileSync(path.join(phpIniDir, 'payment-workbench-tap.ini'), `curl.cainfo=${iniString(bundleFile)}\nopenssl.cafile=${iniString(bundleFile)}\n`);
  const java = startJavaStore(dir, caFile, env);
  const javaUsable = java !== undefined && (options.waitForJava === false || (await java.ready));
  return { dir, caFile, bundleFile, nodeExtraFile, phpIniDir, ...(java && javaUsable ? { javaTrustStore: java.file } : {}) };
}

/** The variables a program started through the tap at `proxyUrl` gets, on top of `env`. */
export function throughTapVariables(proxyUrl: string, files: TrustFiles, nodePreload: string | undefined, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Record<string, string> {
  const proxy = new URL(proxyUrl);
  const noProxy = [...new Set([...LOOPBACK, ...(env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((e) => e.trim()).filter(Boolean)])].join(',');
  const separator = platform === 'win32' ? ';' : ':';
  const javaOptions = [
    `-Dhttps.proxyHost=${proxy.hostname}`, `-Dhttps.proxyPort=${proxy.port}`, `-Dhttp.proxyHost=${proxy.hostname}`, `-Dhttp.proxyPort=${proxy.port}`,
    `-Dhttp.nonProxyHosts=${noProxy.split(',').map((h) => (h.includes(':') ? `[${h}]` : h)).join('|')}`,
    ...(files.javaTrustStore ? [`-Djavax.net.ssl.trustStore=${files.javaTrustStore}`, `-Djavax.net.ssl.trustStorePassword=${JAVA_STORE_PASSWORD}`, '-Djavax.net.ssl.trustStoreType=PKCS12'] : []),
  ];
  const vars: Record<string, string> = {
    HTTPS_PROXY: proxyUrl, https_proxy: proxyUrl, HTTP_PROXY: proxyUrl, http_proxy: proxyUrl,
    NO_PROXY: noProxy, no_proxy: noProxy,
    NODE_EXTRA_CA_CERTS: files.nodeExtraFile,
    NODE_USE_ENV_PROXY: '1',
    SSL_CERT_FILE: files.bundleFile, REQUESTS_CA_BUNDLE: files.bundleFile, CURL_CA_BUNDLE: files.bundleFile,
    PHP_INI_SCAN_DIR: `${env.PHP_INI_SCAN_DIR ?? ''}${separator}${files.phpIniDir}`,
    JAVA_TOOL_OPTIONS: [env.JAVA_TOOL_OPTIONS, ...javaOptions.map(javaOption)].filter(Boolean).join(' '),
    PAYMENT_WORKBENCH_TAP: proxyUrl,
  };
  if (nodePreload) vars.NODE_OPTIONS = [env.NODE_OPTIONS, `--require ${JSON.stringify(nodePreload)}`].filter(Boolean).join(' ');
  return vars;
}

export type Shell = 'bash' | 'zsh' | 'fish' | 'powershell';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish', 'powershell'];

/** The variables as the shell's own assignments, for `eval "$(payment-workbench tap env)"`. */
export function shellAssignments(vars: Record<string, string>, shell: Shell): string {
  const lines = Object.entries(vars).map(([name, value]) => {
    if (shell === 'fish') return `set -gx ${name} '${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}';`;
    if (shell === 'powershell') return `$env:${name} = '${value.replace(/'/g, "''")}'`;
    return `export ${name}='${value.replace(/'/g, `'\\''`)}'`;
  });
  return `${lines.join('\n')}\n`;
}

/** A -D option with a space in its value must be quoted for the JVM's own splitting. */
function javaOption(option: string): string {
  return /\s/.test(option) ? `"${option}"` : option;
}

function iniString(value: string): string {
  return `"${value.replace(/"/g, '')}"`;
}

function readUserCaFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_USER_BUNDLE_BYTES) return undefined;
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The JDK's trust store copied with the CA added, through the keytool next to `java` on PATH; undefined without one. */
function startJavaStore(dir: string, caFile: string, env: NodeJS.ProcessEnv): { file: string; ready: Promise<boolean> } | undefined {
  const keytool = onPath('keytool', env);
  if (!keytool) return undefined;
  const javaHome = path.dirname(path.dirname(fs.realpathSync(keytool)));
  const cacerts = path.join(javaHome, 'lib', 'security', 'cacerts');
  const file = path.join(dir, 'java-truststore.p12');
  const common = ['-noprompt', '-destkeystore', file, '-deststorepass', JAVA_STORE_PASSWORD, '-deststoretype', 'PKCS12'];
  const build = async (): Promise<boolean> => {
    if (fs.existsSync(cacerts)) await run(keytool, ['-importkeystore', '-srckeystore', cacerts, '-srcstorepass', JAVA_STORE_PASSWORD, ...common], { timeout: 30_000 });
    await run(keytool, ['-importcert', '-alias', 'payment-workbench-tap', '-file', caFile, '-keystore', file, '-storepass', JAVA_STORE_PASSWORD, '-storetype', 'PKCS12', '-noprompt'], { timeout: 30_000 });
    return true;
  };
  return { file, ready: build().catch(() => false) };
}

function onPath(command: string, env: NodeJS.ProcessEnv): string | undefined {
  const suffixes = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const folder of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const suffix of suffixes) {
      const file = path.join(folder, `${command}${suffix}`);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}
