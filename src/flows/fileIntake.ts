/**
 * Flow and request files are judged by their size before they are read: a file of hundreds of
 * megabytes (a log saved under the wrong name) is refused from its size alone, never loaded.
 */
export const MAX_INPUT_FILE_BYTES = 2_000_000;

/** Why a file of `sizeBytes` is not read, or undefined when it may be. */
export function oversizeProblem(sizeBytes: number, kind: 'flow' | 'request'): string | undefined {
  if (sizeBytes <= MAX_INPUT_FILE_BYTES) return undefined;
  return `is ${sizeBytes} bytes; a ${kind} file holds at most ${MAX_INPUT_FILE_BYTES} bytes (not read)`;
}
