/**
 * React context that hands views the app shell: the app-wide actor refs of the app system
 * (src/services/app-system.ts, created once in src/ui/app.tsx), the services every flow's
 * effects are built from (`useFlowActor`, src/ui/flow.tsx), the inspect callback and the QA
 * recorder when the page was opened with `?record`.
 */
import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { AppActorRef } from '../machines/app.machine';
import type { PipelineActorRef } from '../machines/pipeline.machine';
import type { ApiClient } from '../services/api/client';
import type { AppActorRefs } from '../services/app-system';
import type { ExtensionBridge } from '../services/extension/bridge';
import type { FlowServices } from '../services/flow-services';
import type { InspectFn } from '../services/inspection';
import type { Recorder } from '../services/recorder';
import type { AppStorage } from '../services/storage';

export type { AppActorRefs } from '../services/app-system';

export type ShellServices = {
  api: ApiClient;
  storage: AppStorage;
  bridge: ExtensionBridge;
};

export type AppShell = {
  /** The app-wide actors by system id: gate, session, language, account, selectedMember. */
  actors: AppActorRefs;
  /** The root of the app system (its children are the actors above and the long-lived flows). */
  system: AppActorRef;
  services: ShellServices;
  /** The services every flow's effects are built from (src/services/flow-services.ts). */
  flow: FlowServices;
  /** The app's inspect callback (Stately inspector and/or recorder), attached to every actor. */
  inspect: InspectFn | undefined;
  /** Present only when recording (`?record`). */
  recorder: Recorder | null;
};

const AppShellContext = createContext<AppShell | null>(null);

export function AppActorsProvider({ shell, children }: { shell: AppShell; children: ReactNode }) {
  return <AppShellContext.Provider value={shell}>{children}</AppShellContext.Provider>;
}

export function useAppShell(): AppShell {
  const shell = useContext(AppShellContext);
  if (!shell) throw new Error('useAppShell must be used inside <AppActorsProvider>');
  return shell;
}

export const useAppActors = (): AppActorRefs => useAppShell().actors;

/**
 * The lead pipeline, a long-lived flow of the app system (system id 'pipeline',
 * src/services/app-system.ts `appFlows`). It runs while signed in and is started again at the
 * next sign-in; its module is loaded when the session starts, so right after sign-in it may not
 * be there yet (undefined: the screen waits). The ref is read from the system on every change of
 * the root, which spawns it.
 */
export function usePipelineActor(): PipelineActorRef | undefined {
  const { system } = useAppShell();
  return useSelector(system, () => system.system.get('pipeline') as PipelineActorRef | undefined);
}
