/** After every change: the catalogue's problems of the body and the URL parameters, shown beside each field, per section, in the send bar and the preview. */
import { validatePathParam } from '../../../catalogue/pathParams';
import type { FormModel } from '../model/formModel';
import { collectProblems, problemsBySection, type Problem, type Problems } from '../model/problems';
import type { FormState } from '../protocol';
import type { ControlRegistry } from './controlView';
import { paramPath } from './headerView';
import type { PreviewView } from './previewView';
import type { SectionsView } from './sectionsView';
import type { SendBar } from './sendBar';

export interface ProblemViews {
  registry: ControlRegistry;
  sections: SectionsView;
  sendBar: SendBar;
  preview: PreviewView;
}

export function showProblems(state: FormState, model: FormModel, hostIssues: readonly Problem[], views: ProblemViews): Problems {
  const placed = model.params.flatMap((p) => validatePathParam(p.name, state.params[p.name] ?? '').map((i) => ({ path: paramPath(p.name), message: i.message })));
  const problems = collectProblems({ operationId: model.op.id, version: model.version, body: state.body, lookup: model.lookup, required: model.required, placed, host: [...hostIssues] });
  for (const view of views.registry.all()) view.showProblems(problems.byPath.get(view.path) ?? [], problems.warningsByPath.get(view.path) ?? []);
  views.sections.showProblemCounts(problemsBySection(problems, model.lookup, model.layout));
  views.sendBar.update(problems.count, problems.unplaced, problems.warnings, problems.unplacedWarnings);
  views.preview.showBody(JSON.stringify(state.body, null, 2));
  return problems;
}
