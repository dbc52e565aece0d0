/**
 * React context that hands views the app's root actor refs (created once in src/ui/app.tsx), the QA
 * recorder when the page was opened with `?record`, and the services screen-local machines are
 * provided with (`useActorRef(machine.provide(...))`).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { LanguageActorRef } from '../machines/language.machine';
import type { LoginGateActorRef } from '../machines/login-gate.machine';
import type { SelectedMemberActorRef } from '../machines/selected-member.machine';
import type { SessionActorRef } from '../machines/session.machine';
import type { ApiClient } from '../services/api/client';
import type { ExtensionBridge } from '../services/extension/bridge';
import type { Recorder } from '../services/recorder';
import type { FlowServices } from '../services/flow-services';
import type { InspectFn } from '../services/inspection';
import type { AppStorage } from '../services/storage';

export type AppActorRefs = {
  gate: LoginGateActorRef;
  session: SessionActorRef;
  language: LanguageActorRef;
  selectedMember: SelectedMemberActorRef;
};

export type ShellServices = {
  api: ApiClient;
  storage: AppStorage;
  bridge: ExtensionBridge;
};

export type AppShell = {
  actors: AppActorRefs;
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
