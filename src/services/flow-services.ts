/**
 * What every flow's effects are built from (ARCHITECTURE.md "Statecharts"): the injected
 * services, one object. An area module in src/services/actors/ exports, per machine, a function
 * `(services: FlowServices) => implementations` (the argument of `machine.provide`); a screen
 * starts its flow with `useFlowActor(machine, effects, options)` (src/ui/flow.tsx), which passes
 * the app's services and attaches the inspector and the recorder. Tests pass fakes here.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { ApiClient } from './api/client';
import type { ExtensionBridge } from './extension/bridge';
import type { AppStorage } from './storage';

export type Clipboard = { writeText(text: string): Promise<void> };

/** Hands a file to the person (the browser's download): exports, the import's skipped rows. */
export type FileSaver = { save(blob: Blob, filename: string): void };

export type FlowServices = {
  api: ApiClient;
  storage: AppStorage;
  bridge: ExtensionBridge;
  clipboard: Clipboard;
  files: FileSaver;
  /** Moves the router (the navigator's navigate). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /**
   * Sends an event to a long-lived actor of the app's system by its systemId (for example
   * `{type: 'account.refresh'}` to 'account' after the member list changed). Unknown ids are ignored.
   */
  sendTo(systemId: string, event: AnyEventObject): void;
};

/** The implementations a machine's `provide` takes. */
export type Implementations<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/** Builds a machine's real effects from the services. */
export type FlowEffects<M extends AnyStateMachine> = (services: FlowServices) => Implementations<M>;

/** The browser's clipboard as a service (views never touch navigator.clipboard). */
export const browserClipboard: Clipboard = {
  writeText: (text) => {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return Promise.reject(new Error('The clipboard is not available'));
    return navigator.clipboard.writeText(text);
  },
};

/** The browser's download (src/services/api/files.ts, loaded with the first file: no page needs it to start). */
export const browserFileSaver: FileSaver = {
  save: (blob, filename) => {
    void import('./api/files').then((m) => m.saveWithLink(blob, filename));
  },
};
