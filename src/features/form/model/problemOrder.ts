/**
 * Which problem a refused Send takes the user to: the first one in the order the form shows its
 * fields (URL parameters, then the groups top to bottom, each group's fields in their order), so
 * the focus moves forward through the form the way the eye reads it.
 */
import { templateFor } from './fieldLookup';
import type { FormModel } from './formModel';
import { nodeMetas } from './layout';
import type { Problems } from './problems';

const PARAM = 'param:';

export function firstProblemPath(problems: Problems, model: FormModel): string | undefined {
  const rank = new Map<string, number>();
  for (const p of model.params) rank.set(`${PARAM}${p.name}`, rank.size);
  for (const section of model.layout.sections) for (const node of section.nodes) for (const meta of nodeMetas(node)) if (!rank.has(meta.path)) rank.set(meta.path, rank.size);
  const rankOf = (path: string) => rank.get(path.startsWith(PARAM) ? path : (templateFor(model.lookup, path) ?? '')) ?? Number.MAX_SAFE_INTEGER;
  let first: { path: string; rank: number } | undefined;
  for (const [path, messages] of problems.byPath) {
    if (messages.length === 0) continue;
    const r = rankOf(path);
    // Rows of one list share a template: the lower row index comes first (item[2] before item[10]).
    if (!first || r < first.rank || (r === first.rank && path.localeCompare(first.path, 'en', { numeric: true }) < 0)) first = { path, rank: r };
  }
  return first?.path;
}
