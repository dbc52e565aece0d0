/**
 * What every flow's effects are built from (ARCHITECTURE.md "Statecharts"): the injected
 * services, one object. An area module in src/services/actors/ exports, per machine, a function
 * `(services: FlowServices) => implementations` (the argument of `machine.provide`); the app
 * system (src/services/app-system.ts) provides every flow it starts with them, and a parent
 * flow's effects provide its child flows' (`leadForm: leadFormMachine.provide(leadFormEffects(services))`).
 * Views never see them. Tests pass fakes here.
 */
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import type { ApiClient } from './api/client';
import type { EventLog } from './event-log';
import type { ExtensionBridge } from './extension/bridge';
import type { AppStorage } from './storage';
import type { Toasts } from './toast';
import type { Uploads } from './uploads';
import type { Viewport } from './viewport';

export type Clipboard = { writeText(text: string): Promise<void> };

/** Hands a file to the person (the browser's download): exports, the import's skipped rows. */
export type FileSaver = { save(blob: Blob, filename: string): void };

export type FlowServices = {
  api: ApiClient;
  storage: AppStorage;
  bridge: ExtensionBridge;
  clipboard: Clipboard;
  files: FileSaver;
  /** Sends a file's bytes to a signed upload URL with its progress (SPEC §7 Files; src/services/uploads.ts). */
  uploads: Uploads;
  /** Toasts: flows show them through a named action (`notify`), never a view. */
  toasts: Toasts;
  /** Whether the screen is phone-narrow (the pipeline's page size, SPEC §9). */
  viewport: Viewport;
  /** The analytics event log (SPEC §7), emptied when the session ends. */
  eventLog: EventLog;
  /** Moves the router (the navigator's navigate). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /**
   * Leaves the app for an address outside it (a CRM's OAuth authorization page); default
   * `window.location.assign`. With `newTab` the address opens in a tab of its own and the app
   * stays (a payment's checkout page); default `window.open`.
   */
  openUrl?(url: string, options?: { newTab?: boolean }): void;
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
