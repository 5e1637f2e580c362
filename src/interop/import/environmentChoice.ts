/**
 * The environment an import's flows run on. The local simulator's own address and merchant is the
 * built-in environment the CLI and VS Code already know, whatever the source calls it. Any other
 * environment a source names (a Postman environment file) keeps its name; otherwise the place the
 * requests go names it: the merchant, whose API password it is ("TESTSHOP01 on
 * test-gateway.example.com", id "testshop01"), else the host.
 * An id another environment holds (a built-in, the output folder's environments file, VS Code's
 * store) is reused only for the same place; any other gets the next free id ("testshop01-2").
 */
import { localSimulatorEnvironments } from '../../environments/environment';
import { SIMULATOR_DEFAULTS } from '../../simulator/defaults';
import { slug } from '../model';

/** Where an environment sends requests, as the import read it. */
export interface EnvironmentPlace {
  gatewayUrl?: string;
  financingBaseUrl?: string;
  merchantId?: string;
}

export interface EnvironmentLike extends EnvironmentPlace {
  id: string;
  name?: string;
}

export type EnvironmentChoice =
  | { kind: 'none' }
  | { kind: 'builtIn'; id: string; name: string }
  /** `reused`: an environment of that id and place is there already (the folder's file, VS Code's store). */
  | { kind: 'own'; id: string; name: string; reused: boolean };

/** The environments schema's bound on a name. */
const MAX_NAME_CHARS = 80;

export function chooseEnvironment(place: EnvironmentPlace, namedBySource: string | undefined, existing: readonly EnvironmentLike[]): EnvironmentChoice {
  if (place.gatewayUrl === undefined && place.financingBaseUrl === undefined && place.merchantId === undefined) return { kind: 'none' };
  const builtIns = localSimulatorEnvironments(SIMULATOR_DEFAULTS.port);
  // The local simulator is the local simulator whatever a Postman environment calls it: `run --simulator` and VS Code know it already, with its credentials.
  const builtIn = builtIns.find((b) => covers(b, place));
  if (builtIn) return { kind: 'builtIn', id: builtIn.id, name: builtIn.name };
  const name = shortName(namedBySource?.trim() || nameOfPlace(place));
  const base = slug(namedBySource?.trim() || place.merchantId || hostOf(place) || name, 'imported');
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    const builtIn = builtIns.find((e) => e.id === id);
    if (builtIn) {
      if (covers(builtIn, place)) return { kind: 'builtIn', id, name: builtIn.name };
      continue;
    }
    const holder = existing.find((e) => e.id === id);
    if (!holder) return { kind: 'own', id, name, reused: false };
    if (covers(holder, place)) return { kind: 'own', id, name: holder.name ?? name, reused: true };
  }
}

/** Whether `environment` sends everything the import read to the same place (it may know more, such as a financing URL). */
function covers(environment: EnvironmentPlace, place: EnvironmentPlace): boolean {
  const same = (a: string | undefined, b: string | undefined) => b === undefined || (a !== undefined && a.replace(/\/+$/, '') === b.replace(/\/+$/, ''));
  return same(environment.gatewayUrl, place.gatewayUrl) && same(environment.financingBaseUrl, place.financingBaseUrl) && same(environment.merchantId, place.merchantId);
}

function hostOf(place: EnvironmentPlace): string | undefined {
  const url = place.gatewayUrl ?? place.financingBaseUrl;
  if (url === undefined) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function nameOfPlace(place: EnvironmentPlace): string {
  const host = hostOf(place);
  if (place.merchantId !== undefined) return host ? `${place.merchantId} on ${host}` : place.merchantId;
  return host ?? 'Imported';
}

/** At most MAX_NAME_CHARS UTF-16 units (what the environments schema counts), cut between characters with an ellipsis. */
function shortName(name: string): string {
  const one = name.slice(0, 4 * MAX_NAME_CHARS).replace(/[\s\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu, ' ').trim() || 'Imported';
  if (one.length <= MAX_NAME_CHARS) return one;
  let cut = '';
  for (const char of one) {
    if (cut.length + char.length > MAX_NAME_CHARS - 1) break;
    cut += char;
  }
  return `${cut.trimEnd()}…`;
}
