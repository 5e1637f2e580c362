import type { KnownSecrets } from './knownSecrets';
import { redactRequest } from './redact';
import type { OutgoingRequest } from './types';

/** Transport settings worth repeating on the command line; paths only, the passphrase is a secret. */
interface CurlTransport {
  certPath?: string;
  keyPath?: string;
  caPath?: string;
  proxyUrl?: string;
  /** Proxy or TLS checks relaxed (strictSSL false / rejectUnauthorized false). */
  insecure?: boolean;
}

interface CurlOptions {
  /** False (the default a UI should offer) replaces every secret with <redacted>. */
  includeSecrets: boolean;
  known?: KnownSecrets;
  transport?: CurlTransport;
  /** Basic authentication with the password left in a shell variable (an exported command never holds it). */
  basicFromVariable?: { user: string; variable: string };
}

/** A copy-pasteable POSIX-shell curl command line, one option per continued line. */
export function toCurl(request: OutgoingRequest, options: CurlOptions): string {
  const shown = options.includeSecrets ? request : redactRequest(request, options.known);
  const parts: string[] = [`curl -sS -X ${shown.method} ${shellQuote(shown.url)}`];
  for (const [name, value] of Object.entries(shown.headers)) parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (options.basicFromVariable) parts.push(`-u ${shellQuote(`${options.basicFromVariable.user}:`)}"$${options.basicFromVariable.variable}"`);
  if (shown.body !== undefined) parts.push(`--data-raw ${shellQuote(shown.body)}`);
  parts.push(`--max-time ${Math.max(1, Math.ceil(shown.timeoutMs / 1000))}`);
  const transport = options.transport;
  if (transport?.certPath) parts.push(`--cert ${shellQuote(transport.certPath)}`);
  if (transport?.keyPath) parts.push(`--key ${shellQuote(transport.keyPath)}`);
  if (transport?.caPath) parts.push(`--cacert ${shellQuote(transport.caPath)}`);
  if (transport?.proxyUrl) parts.push(`--proxy ${shellQuote(options.includeSecrets ? transport.proxyUrl : withoutUserInfo(transport.proxyUrl))}`);
  if (transport?.insecure) parts.push('--insecure');
  return parts.join(' \\\n  ');
}

/** Single quotes keep everything literal in sh/bash/zsh; an embedded ' becomes '\'' . */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function withoutUserInfo(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}
