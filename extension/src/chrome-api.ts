/**
 * The part of the Chrome extension API this extension uses, typed by hand (instead of the whole
 * @types/chrome), and reached through one accessor so no global `chrome` type leaks into the rest
 * of the project's type check. Only the service worker (background.ts) and the chat page
 * (chat-page/) touch it; the logic they run is pure and takes its effects as arguments.
 */

export type MessageSender = {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; windowId?: number };
};

type Listener<A extends unknown[]> = {
  addListener(callback: (...args: A) => void): void;
};

/** `true` from a listener keeps the channel open for an asynchronous `sendResponse`. */
type MessageListener = {
  addListener(callback: (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean | undefined): void;
};

export type StorageChange = { oldValue?: unknown; newValue?: unknown };

export type ExtensionContext = {
  contextType: string;
  documentUrl?: string;
  tabId: number;
  windowId: number;
};

export type ChromeApi = {
  runtime: {
    id: string;
    getURL(path: string): string;
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: MessageListener;
    onMessageExternal: MessageListener;
    onStartup: Listener<[]>;
    onInstalled: Listener<[unknown]>;
    getContexts(filter: { contextTypes?: string[] }): Promise<ExtensionContext[]>;
    lastError?: { message?: string };
  };
  storage: {
    local: {
      get(keys: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    };
    onChanged: Listener<[Record<string, StorageChange>, string]>;
  };
  tabs: {
    create(properties: { url: string; active?: boolean }): Promise<{ id?: number; windowId: number }>;
    update(tabId: number, properties: { url?: string; active?: boolean }): Promise<unknown>;
  };
  windows: {
    update(windowId: number, properties: { focused?: boolean }): Promise<unknown>;
  };
  action: {
    onClicked: Listener<[unknown]>;
  };
};

export const chromeApi = (): ChromeApi => (globalThis as unknown as { chrome: ChromeApi }).chrome;
