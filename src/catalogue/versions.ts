/**
 * The gateway's API versions, declared once: which versions it serves, which documented version's
 * rules apply to any served version, the apiOperation name and the Basic user of a version.
 * Facts and their pages: docs/reference-notes/issue23-versions.md (S1, S2, S5, S6, S8).
 */
import type { AuthKind, OperationDef } from './operationTypes';

export type { ApiOperationName } from './operationTypes';

/**
 * Versions 1 to 100 exist; 2, 5, 6, 22 and 25 were deactivated on 31 January 2025 (S5, "Versioning"
 * page); the seed reference saw the real gateway answer 404 "Unsupported value for 'version = 80'".
 */
export const GATEWAY_VERSIONS = Object.freeze({ lowest: 1, newest: 100, unserved: Object.freeze([2, 5, 6, 22, 25, 80]) });

/** The versions public integrations pin (issue 23): offered first wherever a version is picked. */
export const PINNED_VERSIONS: readonly number[] = Object.freeze([51, 57, 61, 63, 72, 78, 100]);

/** The Basic user id of a version: blank up to 11 (S6 v2, the seed's Authorize v11), `merchant.<id>` from 12 (the seed's Refund v13, S8 v24; S1 lists the change). */
const LAST_BLANK_USER_VERSION = 11;


export function isServedVersion(version: number): boolean {
  return Number.isInteger(version) && version >= GATEWAY_VERSIONS.lowest && version <= GATEWAY_VERSIONS.newest
    && !GATEWAY_VERSIONS.unserved.includes(version);
}

/** The lowest version the gateway serves the operation at; undefined for an operation without versions (financing). */
function lowestOf(op: OperationDef): number | undefined {
  return op.documentedVersions.length === 0 ? undefined : (op.introducedIn ?? GATEWAY_VERSIONS.lowest);
}

/** Whether the operation can be sent at this version (always false for an operation without versions). */
export function servesVersion(op: OperationDef, version: number): boolean {
  const lowest = lowestOf(op);
  return lowest !== undefined && version >= lowest && isServedVersion(version);
}

/** Every version the operation is served at, newest first, the pinned ones and the documented ones first. */
export function versionChoices(op: OperationDef): number[] {
  const lowest = lowestOf(op);
  if (lowest === undefined) return [];
  const first = [...new Set([...PINNED_VERSIONS, ...op.documentedVersions])].filter((v) => servesVersion(op, v)).sort((a, b) => b - a);
  const rest: number[] = [];
  for (let v = GATEWAY_VERSIONS.newest; v >= lowest; v--) if (!first.includes(v) && isServedVersion(v)) rest.push(v);
  return [...first, ...rest];
}

/** "11 to 100 (not 22, 25, 80)": the operation's range in words, for messages. */
export function describeRange(op: OperationDef): string {
  const lowest = lowestOf(op);
  if (lowest === undefined) return 'none';
  const gaps = GATEWAY_VERSIONS.unserved.filter((v) => v > lowest);
  return `${lowest} to ${GATEWAY_VERSIONS.newest}${gaps.length ? ` (not ${gaps.join(', ')})` : ''}`;
}

/** Why this version cannot be used with the operation, or undefined when it can. */
export function versionProblem(op: OperationDef, version: unknown): string | undefined {
  if (op.documentedVersions.length === 0) return `${op.title} has no version`;
  if (typeof version !== 'number' || !Number.isInteger(version)) return `must be a whole number, ${op.title} is served at versions ${describeRange(op)}`;
  if (servesVersion(op, version)) return undefined;
  if (GATEWAY_VERSIONS.unserved.includes(version)) return `the gateway does not serve version ${version}; ${op.title} is served at versions ${describeRange(op)}`;
  return `${op.title} is served at versions ${describeRange(op)}, not ${version}`;
}

/** The documented version whose rules apply at `version`: the nearest, the newer one on a tie. */
export function nearestDocumented(op: OperationDef, version: number): number | undefined {
  let best: number | undefined;
  for (const d of op.documentedVersions) {
    if (best === undefined || Math.abs(d - version) < Math.abs(best - version) || (Math.abs(d - version) === Math.abs(best - version) && d > best)) best = d;
  }
  return best;
}

/** The apiOperation value the operation has at this version (undefined for an operation selected by its path). */
export function apiOperationAt(op: OperationDef, version: number | undefined): string | undefined {
  const names = op.apiOperation ?? [];
  let found = names[0]?.name;
  for (const n of names) if (version === undefined || version >= n.from) found = n.name;
  return found;
}

/** How the operation authenticates at this version: a gateway Basic user is blank up to version 11. */
export function authAt(op: OperationDef, version: number | undefined): AuthKind {
  if (op.auth !== 'basicMerchant' || version === undefined) return op.auth;
  return version <= LAST_BLANK_USER_VERSION ? 'basicEmptyUser' : 'basicMerchant';
}

/** "v11–100": the range as a short label (pickers, tree items); '' for an operation without versions. */
export function rangeLabel(op: OperationDef): string {
  const lowest = lowestOf(op);
  return lowest === undefined ? '' : `v${lowest}–${GATEWAY_VERSIONS.newest}`;
}

/** Each documented version with the served versions whose rules it gives (request-file and flow schemas pick a body by them). */
export function versionsByDocumentation(op: OperationDef): Map<number, number[]> {
  const out = new Map<number, number[]>(op.documentedVersions.map((d) => [d, []]));
  const lowest = lowestOf(op);
  if (lowest === undefined) return out;
  for (let v = lowest; v <= GATEWAY_VERSIONS.newest; v++) {
    const d = isServedVersion(v) ? nearestDocumented(op, v) : undefined;
    if (d !== undefined) out.get(d)?.push(v);
  }
  return out;
}

/** The JSON Schema of a `version` property: completion offers the pinned and documented versions; the catalogue's diagnostics judge it. */
export function versionPropertySchema(op: OperationDef): Record<string, unknown> {
  const lowest = lowestOf(op);
  const offered = [...new Set([...PINNED_VERSIONS, ...op.documentedVersions])].filter((v) => servesVersion(op, v)).sort((a, b) => b - a);
  return {
    type: 'integer', minimum: lowest, maximum: GATEWAY_VERSIONS.newest, examples: offered, default: op.defaultVersion,
    description: `API version in the path: ${op.title} is served at versions ${describeRange(op)}; the rules come from the nearest documented version (${op.documentedVersions.join(', ')}).`,
  };
}

/**
 * The JSON Schema `if` that picks the body of one documented version (undefined: an operation without
 * versions): every served version whose rules it gives, and no version at all when the default is one.
 */
export function bodyBranchCondition(op: OperationDef, documented: number | undefined): Record<string, unknown> {
  const operationIs = { operation: { const: op.id } };
  if (documented === undefined) return { properties: operationIs, required: ['operation'] };
  // The versions a documented version gives the rules of are one run (nearest wins), so a span says it.
  const versions = versionsByDocumentation(op).get(documented) ?? [documented];
  const lowest = versions[0] ?? documented;
  const highest = versions[versions.length - 1] ?? documented;
  const byDefault = op.defaultVersion !== undefined && versions.includes(op.defaultVersion);
  return { properties: { ...operationIs, version: { minimum: lowest, maximum: highest } }, required: byDefault ? ['operation'] : ['operation', 'version'] };
}
