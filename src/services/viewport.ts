/**
 * The viewport as a service (FlowServices.viewport): whether the screen is phone-narrow, and its
 * changes. Flows read it through an invoked actor (the pipeline's page size: 5 leads a page on a
 * phone, SPEC §9), so no view measures the window for them. Tests pass a fake.
 */

/** Below this width the screen counts as a phone (the layout's `md` breakpoint). */
export const NARROW_QUERY = '(max-width: 767px)';

export type Viewport = {
  /** True on a phone-narrow screen now. */
  narrow(): boolean;
  /** Calls `onChange` whenever that changes; returns the unsubscribe. */
  subscribe(onChange: (narrow: boolean) => void): () => void;
};

/** The browser's viewport (a wide screen where matchMedia is missing, as in jsdom). */
export const browserViewport = (win: Pick<Window, 'matchMedia'> | undefined = typeof window === 'undefined' ? undefined : window): Viewport => {
  const list = win && typeof win.matchMedia === 'function' ? win.matchMedia(NARROW_QUERY) : null;
  return {
    narrow: () => list?.matches ?? false,
    subscribe: (onChange) => {
      if (!list) return () => undefined;
      const listener = () => onChange(list.matches);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
  };
};

/** A viewport that stays as it is told (tests, the replay). */
export const fixedViewport = (narrow = false): Viewport & { set(narrow: boolean): void } => {
  let now = narrow;
  const listeners = new Set<(narrow: boolean) => void>();
  return {
    narrow: () => now,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    set: (next) => {
      now = next;
      for (const l of [...listeners]) l(next);
    },
  };
};
