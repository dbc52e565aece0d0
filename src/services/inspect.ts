/**
 * Stately inspector (issue 2 §6): opening the app with `?inspect` attaches @statelyai/inspect to the app's
 * actors. Always available in development builds; in production builds only when the build was made with
 * `VITE_INSPECT_IN_PRODUCTION=true`. The package is loaded lazily, so it never weighs on a normal page load.
 */
import type { InspectionEvent, Observer } from 'xstate';

export type InspectEnv = {
  DEV: boolean;
  VITE_INSPECT_IN_PRODUCTION?: string | undefined;
};

/** The build's own settings (Vite replaces these at build time). */
export const buildInspectEnv = (): InspectEnv => {
  const flag: unknown = import.meta.env.VITE_INSPECT_IN_PRODUCTION;
  return { DEV: import.meta.env.DEV, VITE_INSPECT_IN_PRODUCTION: typeof flag === 'string' ? flag : undefined };
};

export const inspectAllowed = (env: InspectEnv): boolean => env.DEV || env.VITE_INSPECT_IN_PRODUCTION === 'true';

export const shouldInspect = (location: Pick<Location, 'search'>, env: InspectEnv): boolean =>
  new URLSearchParams(location.search).has('inspect') && inspectAllowed(env);

/**
 * Returns the inspector's `inspect` observer to pass to `createActor(..., { inspect })` (for example through
 * `combineInspectors`), or `undefined` when inspection is off. Events and context are sent with secrets redacted.
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
