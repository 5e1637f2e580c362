/** The local files of a `text/uri-list` drop (RFC 2483: one URI a line, # comments), bounded. */
import { fileURLToPath } from 'node:url';

const MAX_DROPPED_FILES = 50;

export function filePathsOfUriList(text: string): string[] {
  const files: string[] = [];
  for (const line of text.slice(0, 200_000).split(/\r?\n/)) {
    const uri = line.trim();
    if (!uri.startsWith('file:') || files.length >= MAX_DROPPED_FILES) continue;
    try {
      files.push(fileURLToPath(uri));
    } catch {
      // not a local file (a remote host in the URI): nothing to read
    }
  }
  return files;
}
