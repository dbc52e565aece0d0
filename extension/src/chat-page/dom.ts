/**
 * A tiny element builder for the chat page. Text goes in as text nodes only (never markup), so
 * whatever a chat or a person wrote stays inert.
 */
type Props = {
  class?: string;
  text?: string | null;
  attrs?: Record<string, string | false | null | undefined>;
  on?: Partial<{ [E in keyof HTMLElementEventMap]: (event: HTMLElementEventMap[E]) => void }>;
};

export const h = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, children: (Node | null | false | undefined)[] = []): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.text !== undefined && props.text !== null) el.textContent = props.text;
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (value !== false && value !== null && value !== undefined) el.setAttribute(name, value);
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) el.addEventListener(type, listener as EventListener);
  for (const child of children) if (child) el.append(child);
  return el;
};

/** Replaces an element's children. */
export const fill = (parent: Element, children: (Node | null | false | undefined)[]): void => {
  parent.replaceChildren(...children.filter((c): c is Node => Boolean(c)));
};
