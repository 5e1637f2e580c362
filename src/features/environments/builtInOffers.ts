import { LOCAL_SIMULATOR_ID, type Environment } from '../../environments/environment';

/**
 * Installs from before the offer record were seeded with the default simulator environment only:
 * it counts as offered, so one such user deleted is not brought back.
 */
const OFFERED_BEFORE_RECORD: readonly string[] = [LOCAL_SIMULATOR_ID];

interface BuiltInOffer {
  /** The user's list to keep, or undefined to keep none (a fresh install shows the built-ins as they are). */
  saved: Environment[] | undefined;
  /** The ids of the built-ins offered so far, this offer included. */
  offered: string[];
  /** Whether `saved` or `offered` differs from what was stored, i.e. whether to write them back. */
  changed: boolean;
}

/**
 * Offers each built-in environment once: a saved list gains the built-ins it was never offered, and
 * every built-in is then recorded as offered, so one the user deletes stays deleted.
 * `saved` is the stored list (undefined on a fresh install), `offered` the stored record (undefined
 * before the record existed).
 */
export function offerBuiltIns(saved: Environment[] | undefined, offered: readonly string[] | undefined, builtIns: readonly Environment[]): BuiltInOffer {
  const before = new Set(offered ?? (saved === undefined ? [] : OFFERED_BEFORE_RECORD));
  const newcomers = saved === undefined ? [] : builtIns.filter((b) => !before.has(b.id) && !saved.some((e) => e.id === b.id));
  const after = [...new Set([...before, ...builtIns.map((b) => b.id)])];
  return {
    saved: saved === undefined ? undefined : [...saved, ...newcomers],
    offered: after,
    changed: newcomers.length > 0 || offered === undefined || after.length !== offered.length,
  };
}
