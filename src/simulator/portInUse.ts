/**
 * A port another process holds, said in one line by every door that starts a server on a port it was
 * told (the simulator command, the workbench), instead of a raw `listen EADDRINUSE` and its stack.
 */
export class PortInUseError extends Error {
  /** Kept so callers that test `code === 'EADDRINUSE'` (the extension's simulator control) still see it. */
  readonly code = 'EADDRINUSE';

  constructor(readonly port: number, readonly host: string, howToPickAnother: string) {
    super(`port ${port} on ${host} is already in use by another program: stop it, or ${howToPickAnother}`);
  }
}

export function isAddressInUse(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
}
