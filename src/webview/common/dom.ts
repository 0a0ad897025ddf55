// A tiny element builder: every text goes in as a text node, so nothing here can become HTML.
import type { Codicon } from './codiconNames';

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

/** A codicon glyph (VS Code's icon font, shipped in dist/): decoration only, the control carries the words. */
export function codicon(name: Codicon): HTMLElement {
  return h('span', { className: `codicon codicon-${name}`, attrs: { 'aria-hidden': 'true' } });
}

/**
 * A button with a visible text (empty for an icon-only button) and an accessible label, which is also
 * its tooltip; `icon` goes before the text.
 */
export function button(
  text: string,
  label: string,
  onClick: (event: MouseEvent) => void,
  className = '',
  icon?: Codicon,
): HTMLButtonElement {
  const el = h('button', { className, attrs: { type: 'button', 'aria-label': label, title: label }, onClick });
  setButtonContent(el, text, icon);
  return el;
}

/** Replaces a button's icon and text (a toggle such as Pause / Resume). */
export function setButtonContent(el: HTMLElement, text: string, icon?: Codicon): void {
  el.replaceChildren(...(icon ? [codicon(icon)] : []), ...(text ? [h('span', { className: 'button-text' }, text)] : []));
  el.classList.toggle('has-icon', icon !== undefined);
  el.classList.toggle('icon-only', icon !== undefined && !text);
}
