/** How the gateway names a field it refuses, for answers that read like its own. */
import { isRecord } from './rules/access';
import { pathSegments } from './validate';

/** Object levels followed to name an unknown group's first field: real bodies nest a few levels. */
const MAX_NAMING_DEPTH = 16;

/**
 * The path the gateway names for a name it does not know: the first field inside an unknown group
 * ("Unexpected parameter '3DSecure.authenticationIndicator'" for a whole 3DSecure group, a recorded
 * real answer). The catalogue's issue stays at the group, where the user's mistake is.
 */
export function namedByGateway(path: string, body: unknown): string {
  let at: unknown = body;
  for (const step of pathSegments(path)) at = isRecord(at) || Array.isArray(at) ? (at as Record<string | number, unknown>)[step] : undefined;
  let named = path;
  for (let depth = 0; depth < MAX_NAMING_DEPTH && isRecord(at); depth++) {
    const first = Object.keys(at)[0];
    if (first === undefined) break;
    named = `${named}.${first}`;
    at = at[first];
  }
  return named;
}
