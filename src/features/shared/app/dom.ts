/**
 * The one way the webviews build DOM: text goes in through textContent and attributes through
 * setAttribute, never through innerHTML, so response data can never become markup.
 */
interface ElementSpec {
  class?: string;
  text?: string;
  attrs?: Record<string, string | number | boolean | undefined>;
  on?: { [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
}

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, spec?: ElementSpec, ...children: Child[]): HTMLElementTagNameMap[K];
export function el(tag: string, spec?: ElementSpec, ...children: Child[]): HTMLElement;
export function el(tag: string, spec: ElementSpec = {}, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  if (spec.class) node.className = spec.class;
  if (spec.text !== undefined) node.textContent = spec.text;
  for (const [name, value] of Object.entries(spec.attrs ?? {})) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [name, handler] of Object.entries(spec.on ?? {})) node.addEventListener(name, handler as EventListener);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/** Replaces the children of `parent` with `children`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}
