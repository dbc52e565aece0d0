/**
 * The QA tools' switchboard, the one part of them every page load carries: which tools the URL
 * asks for (`?record`, `?inspect`), attaching the Stately inspector, and one inspect callback
 * feeding them all. The tools themselves load only when asked for: the recorder (./recorder,
 * imported dynamically by src/main.tsx) and `@statelyai/inspect` (imported by `attachInspector`).
 */
import type { InspectionEvent, Observer } from 'xstate';

export type InspectFn = (inspectionEvent: InspectionEvent) => void;
export type InspectLike = InspectFn | Observer<InspectionEvent>;

/** True when the page was opened with `?record`. */
export const shouldRecord = (location: Pick<Location, 'search'>): boolean => new URLSearchParams(location.search).has('record');

export type InspectEnv = {
  DEV: boolean;
  VITE_INSPECT_IN_PRODUCTION?: string | undefined;
};

/** The build's own settings (Vite replaces these at build time). */
export const buildInspectEnv = (): InspectEnv => {
  const flag: unknown = import.meta.env.VITE_INSPECT_IN_PRODUCTION;
  return { DEV: import.meta.env.DEV, VITE_INSPECT_IN_PRODUCTION: typeof flag === 'string' ? flag : undefined };
};

/** The Stately inspector is always allowed in development; in production only when built with `VITE_INSPECT_IN_PRODUCTION=true`. */
export const inspectAllowed = (env: InspectEnv): boolean => env.DEV || env.VITE_INSPECT_IN_PRODUCTION === 'true';

/** True when the page was opened with `?inspect` and the build allows it. */
export const shouldInspect = (location: Pick<Location, 'search'>, env: InspectEnv): boolean =>
  new URLSearchParams(location.search).has('inspect') && inspectAllowed(env);

/**
 * Returns the Stately inspector's `inspect` observer to pass to `combineInspectors`, or
 * `undefined` when inspection is off. Events and context reach it with secrets redacted.
 */
export const attachInspector = async (
  location: Pick<Location, 'search'> = window.location,
  env: InspectEnv = buildInspectEnv(),
): Promise<Observer<InspectionEvent> | undefined> => {
  if (!shouldInspect(location, env)) return undefined;
  const [{ createBrowserInspector }, { redactSecrets }] = await Promise.all([import('@statelyai/inspect'), import('./redact')]);
  const inspector = createBrowserInspector({
    sanitizeEvent: (event) => redactSecrets(event),
    sanitizeContext: (context) => redactSecrets(context),
  });
  return inspector.inspect;
};

/**
 * One inspect callback feeding several inspectors (the Stately inspector and the recorder).
 * Accepts functions and observers; `undefined` entries are skipped. Returns `undefined` when none is left,
 * so `createActor(machine, { inspect: combineInspectors(...) })` attaches nothing.
 */
export const combineInspectors = (...inspectors: Array<InspectLike | undefined | null>): InspectFn | undefined => {
  const list = inspectors.filter((i): i is InspectLike => i !== undefined && i !== null);
  if (list.length === 0) return undefined;
  return (ev) => {
    for (const i of list) {
      try {
        if (typeof i === 'function') i(ev);
        else i.next?.(ev);
      } catch {
        // One failing inspector must not stop the others, nor the actor.
      }
    }
  };
};
