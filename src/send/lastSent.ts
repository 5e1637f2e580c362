import type { OutgoingRequest } from '../http/types';
import type { Environment } from '../environments/environment';

/**
 * What was last sent in this window, in memory only: the body per operation ("Last body" in the
 * palette and the form) and the last request exactly as sent, secrets included, for "Copy as cURL".
 */
export class LastSent {
  private readonly bodies = new Map<string, unknown>();
  private last: { request: OutgoingRequest; env: Environment } | undefined;

  noteBody(operationId: string, body: unknown): void {
    this.bodies.set(operationId, body);
  }

  noteRequest(request: OutgoingRequest, env: Environment): void {
    this.last = { request, env };
  }

  bodyOf(operationId: string): unknown {
    return this.bodies.get(operationId);
  }

  request(): { request: OutgoingRequest; env: Environment } | undefined {
    return this.last;
  }
}
