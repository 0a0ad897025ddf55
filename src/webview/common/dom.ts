// A tiny element builder: every text goes in as a text node, so nothing here can become HTML.
type Child = Node | string | false | null | undefined;

export interface ElementProps {
  className?: string;
  attrs?: Record<string, string | undefined>;
  onClick?: (event: MouseEvent) => void;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: ElementProps = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.className) el.className = props.className;
  for (const [name, value] of Object.entries(props.attrs ?? {})) if (value !== undefined) el.setAttribute(name, value);
  const onClick = props.onClick;
  if (onClick) el.addEventListener('click', (event) => onClick(event as MouseEvent));
  for (const child of children) if (child !== false && child !== null && child !== undefined) el.append(child);
  return el;
}

/** A button with a visible text and, where the text is a symbol, an accessible label. */
export function button(text: string, label: string, onClick: (event: MouseEvent) => void, className = ''): HTMLButtonElement {
  return h('button', { className, attrs: { type: 'button', 'aria-label': label, title: label }, onClick }, text);
}
