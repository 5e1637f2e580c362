/** Renders one node of the layout (a field, a list or a map) at the row indices it sits in. */
import { concretize } from '../model/bodyPath';
import type { LayoutNode } from '../model/layout';
import { fieldView } from './fieldView';
import { listView, type ContainerHost } from './listView';
import { mapView } from './mapView';

export function renderNode(host: ContainerHost, node: LayoutNode, indices: readonly number[]): HTMLElement {
  switch (node.kind) {
    case 'array':
      return listView(host, node, indices, (child, at) => renderNode(host, child, at)).root;
    case 'map':
      return mapView(host, node, indices).root;
    case 'field': {
      // A row of a list of plain values is labelled by its position; emptied, it stays (see fieldView).
      const plainRow = node.meta.path.endsWith('[]');
      const path = concretize(node.meta.path, indices);
      const label = plainRow ? `#${(indices[indices.length - 1] ?? 0) + 1}` : undefined;
      return fieldView(host, node.meta, path, plainRow ? { keepEmpty: true, ...(label ? { label } : {}) } : {}).root;
    }
  }
}
