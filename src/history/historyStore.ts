/**
 * Sent requests and their responses, kept in one JSON file under the extension's global storage.
 * No vscode import: the store is plain Node and tested with plain mocha.
 *
 * Rules it keeps:
 * - bounded: the newest `maxEntries` (500) exchanges, every part of each inside its bound (bounds.ts),
 *   and the whole file under `maxFileChars` (32 M characters); the oldest are dropped first;
 * - never a secret on disk: every exchange is scrubbed again before it is kept (see scrub.ts);
 * - never a half-written file: each write goes to a temporary file that is then renamed over the old one;
 * - never throws at its callers: an entry that cannot be read is left out alone (and counted, so the
 *   view can say so), a file that is not JSON is set aside as a backup and history starts empty,
 *   a failed write is reported through `onError` and the in-memory history stays usable.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { KnownSecrets } from '../http';
import { MAX_JSON_DEPTH, depthError } from '../json/depth';
import type { Exchange } from '../send/exchange';
import { boundExchange, entryChars, HISTORY_BOUNDS, type HistoryBounds } from './bounds';
import { scrubExchange } from './scrub';

const DEFAULT_MAX_ENTRIES = 500;
/** Payment responses are a few KB; a runaway body must not make the file (read on first use) huge. */
const DEFAULT_MAX_BODY_CHARS = HISTORY_BOUNDS.responseBodyChars;
/** The whole file: read in one go on first use, so it must stay small enough to parse quickly. */
export const DEFAULT_MAX_FILE_CHARS = 32 * 1024 * 1024;
const FILE_FORMAT_VERSION = 1;

interface HistoryStoreOptions {
  maxEntries?: number;
  maxBodyChars?: number;
  maxFileChars?: number;
  /** Secret values currently held (passwords, tokens), scrubbed wherever they appear. */
  knownSecrets?: () => KnownSecrets | undefined;
  /** Where a failed read or write is reported (an output channel, a test); never given a secret. */
  onError?: (message: string) => void;
}

interface Disposable {
  dispose(): void;
}

interface HistoryFile {
  version: number;
  /** Oldest first, the order they were added. */
  exchanges: Exchange[];
}

export class HistoryStore {
  private entries: Exchange[] | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly leftOutListeners = new Set<(count: number) => void>();
  /** Entries of the file that could not be read (malformed, nested too deep). */
  private leftOut = 0;
  private dirty = false;
  private pendingWrite: Promise<void> | undefined;
  private readonly maxEntries: number;
  private readonly bounds: HistoryBounds;
  private readonly maxFileChars: number;
  /** Serialised size of each kept entry, so the file bound is kept without serialising everything again. */
  private readonly sizes = new WeakMap<Exchange, number>();

  constructor(
    readonly filePath: string,
    private readonly options: HistoryStoreOptions = {},
  ) {
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_MAX_ENTRIES);
    this.bounds = { ...HISTORY_BOUNDS, responseBodyChars: Math.max(1024, options.maxBodyChars ?? DEFAULT_MAX_BODY_CHARS) };
    this.maxFileChars = Math.max(64 * 1024, options.maxFileChars ?? DEFAULT_MAX_FILE_CHARS);
  }

  /** Newest first. The file is read on first use, not at construction, so activation stays fast. */
  list(): Exchange[] {
    return [...this.loaded()].reverse();
  }

  get(id: string): Exchange | undefined {
    return this.loaded().find((e) => e.id === id);
  }

  /** Keeps a scrubbed copy; an exchange with the same id replaces the old one. Resolves once on disk. */
  add(exchange: Exchange): Promise<void> {
    let kept: Exchange;
    try {
      kept = this.bounded(scrubExchange(exchange, this.options.knownSecrets?.()));
    } catch (e) {
      // A malformed exchange is a bug upstream; dropping it beats storing something unscrubbed.
      this.report(`An exchange could not be prepared for history and was not stored: ${errorText(e)}`);
      return Promise.resolve();
    }
    const entries = this.loaded().filter((e) => e.id !== kept.id);
    entries.push(kept);
    this.entries = this.newestWithinBounds(entries);
    this.fire();
    return this.scheduleWrite();
  }

  clear(): Promise<void> {
    this.entries = [];
    this.fire();
    return this.scheduleWrite();
  }

  /** How many entries of the file could not be read and were left out (0 until it is read). */
  entriesLeftOut(): number {
    return this.leftOut;
  }

  /** Told once the file is read with entries left out (at once when that has happened already): the adapter shows it. */
  onEntriesLeftOut(listener: (count: number) => void): Disposable {
    if (this.leftOut > 0) listener(this.leftOut);
    this.leftOutListeners.add(listener);
    return { dispose: () => this.leftOutListeners.delete(listener) };
  }

  onChange(listener: () => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Resolves when every change made so far is on disk (or its write failed and was reported). */
  flush(): Promise<void> {
    return this.pendingWrite ?? Promise.resolve();
  }

  private loaded(): Exchange[] {
    if (!this.entries) this.entries = this.readFile();
    return this.entries;
  }

  private readFile(): Exchange[] {
    let text: string;
    try {
      // A file far over the bound (an older version, a hand edit) would freeze the editor while parsed.
      const size = fs.statSync(this.filePath).size;
      if (size > 2 * this.maxFileChars) {
        this.setAside(`${size} bytes, over the ${this.maxFileChars} bound`);
        return [];
      }
      text = fs.readFileSync(this.filePath, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.report(`History could not be read: ${errorText(e)}`);
      return [];
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
      if (!isHistoryFile(parsed)) throw new Error('unexpected content');
    } catch (e) {
      this.setAside(errorText(e));
      return [];
    }
    return this.newestWithinBounds(this.readEntries(parsed.exchanges));
  }

  /** The newest entries that can be read; one that cannot is left out alone, and the user is told how many. */
  private readEntries(stored: readonly unknown[]): Exchange[] {
    const kept: Exchange[] = [];
    const problems: string[] = [];
    // Newest first, so the bound on the count never costs reading an entry that would be dropped.
    for (let i = stored.length - 1; i >= 0 && kept.length < this.maxEntries; i--) {
      const entry = this.readEntry(stored[i], i);
      if (typeof entry === 'string') problems.push(entry);
      else kept.push(entry);
    }
    if (problems.length > 0) this.leftOutOnRead(problems);
    return kept.reverse();
  }

  /** The bounded entry, or why it cannot be read (a sentence). */
  private readEntry(value: unknown, index: number): Exchange | string {
    const where = `History entry ${index + 1}`;
    if (!isExchangeLike(value)) return `${where} is not an entry (an id, a time, an operation and a request are needed).`;
    // The entry itself adds two levels (entry → request → body) above the body's own bound: checked before a view recurses into it.
    const tooDeep = depthError(value, where, MAX_JSON_DEPTH + 2);
    if (tooDeep) return tooDeep.message;
    try {
      return this.bounded(value);
    } catch (e) {
      return `${where}: ${errorText(e)}.`;
    }
  }

  private leftOutOnRead(problems: readonly string[]): void {
    const n = problems.length;
    this.leftOut = n;
    // Read newest first: the last problem is the first in the file.
    const first = (problems[n - 1] ?? '').slice(0, 400);
    const more = n > 1 ? ` (and ${n - 1} more)` : '';
    this.report(`${n} history ${n === 1 ? 'entry' : 'entries'} could not be read and ${n === 1 ? 'was' : 'were'} left out, the others are kept: ${first}${more}`);
    for (const listener of [...this.leftOutListeners]) {
      try {
        listener(n);
      } catch (e) {
        this.report(`A history listener failed: ${errorText(e)}`);
      }
    }
  }

  /** A corrupt file is renamed, never deleted: the user may want what is left in it. */
  private setAside(reason: string): void {
    const backup = `${this.filePath}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      fs.renameSync(this.filePath, backup);
      this.report(`History file was unreadable (${reason}); it was kept as ${path.basename(backup)} and history starts empty.`);
    } catch (e) {
      this.report(`History file was unreadable (${reason}) and could not be set aside: ${errorText(e)}`);
    }
  }

  private bounded(e: Exchange): Exchange {
    const kept = boundExchange(e, this.bounds);
    this.sizes.set(kept, entryChars(kept));
    return kept;
  }

  /** The newest entries (oldest first, as stored) that fit both the count and the file bound. */
  private newestWithinBounds(entries: Exchange[]): Exchange[] {
    let total = 0;
    let first = entries.length;
    while (first > 0 && entries.length - first < this.maxEntries) {
      const e = entries[first - 1] as Exchange;
      const size = this.sizes.get(e) ?? entryChars(e);
      if (total + size > this.maxFileChars) break;
      total += size;
      first--;
    }
    return first === 0 ? entries : entries.slice(first);
  }

  private fire(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (e) {
        this.report(`A history listener failed: ${errorText(e)}`);
      }
    }
  }

  /** Writes are serialised and coalesced: many adds in a burst cost one or two writes, never a race. */
  private scheduleWrite(): Promise<void> {
    this.dirty = true;
    if (!this.pendingWrite) {
      this.pendingWrite = this.writeLoop().finally(() => {
        this.pendingWrite = undefined;
      });
    }
    return this.pendingWrite;
  }

  private async writeLoop(): Promise<void> {
    // Let the adds of the current tick join this write.
    await Promise.resolve();
    while (this.dirty) {
      this.dirty = false;
      await this.writeSnapshot();
    }
  }

  private async writeSnapshot(): Promise<void> {
    const file: HistoryFile = { version: FILE_FORMAT_VERSION, exchanges: this.entries ?? [] };
    const text = JSON.stringify(file);
    const temp = `${this.filePath}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await fs.promises.mkdir(path.dirname(this.filePath), { recursive: true });
      // 0o600: responses carry payer data even when every credential is redacted.
      await fs.promises.writeFile(temp, text, { encoding: 'utf8', mode: 0o600 });
      await renameWithRetry(temp, this.filePath);
    } catch (e) {
      this.report(`History could not be saved: ${errorText(e)}`);
      await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    }
  }

  private report(message: string): void {
    try {
      this.options.onError?.(message);
    } catch {
      // The reporter itself failing must not break history.
    }
  }
}

/** Windows refuses a rename while another process (a virus scanner) briefly holds the target. */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.promises.rename(from, to);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (attempt >= 4 || (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES')) throw e;
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    }
  }
}

function isHistoryFile(value: unknown): value is HistoryFile {
  return typeof value === 'object' && value !== null && Array.isArray((value as { exchanges?: unknown }).exchanges);
}

/** Enough shape for the tree and the response view not to crash on an entry from another version. */
function isExchangeLike(value: unknown): value is Exchange {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<Exchange>;
  return (
    typeof e.id === 'string' &&
    typeof e.startedAt === 'string' &&
    typeof e.operationId === 'string' &&
    typeof e.operationTitle === 'string' &&
    typeof e.environment === 'object' && e.environment !== null &&
    typeof e.request === 'object' && e.request !== null
  );
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
