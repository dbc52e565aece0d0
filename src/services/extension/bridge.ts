/**
 * Page -> companion extension messaging (SPEC §7 Extension messaging).
 *
 * Messages are `{sender: 'crm-web', target: 'background', type, payload}`. The bridge tries the stored
 * extension id first, then the known ids, and remembers the id that answers. Reaching the extension never
 * fails loudly: no `chrome.runtime`, `runtime.lastError`, a thrown error or a time-out all read as "no
 * answer" (`undefined`). An extension that answers `undefined` also counts as no answer, so the next id is tried.
 */
import { checkNumbersReply, KNOWN_EXTENSION_IDS, type CheckNumbersReply, type ExtensionMessage, type ExtensionMessageType } from '../../contract/extension';
import type { AppStorage } from '../storage';

/** How long one id may take to answer before it counts as silent. */
export const EXTENSION_TIMEOUT_MS = 3000;

export type ExtensionBridge = {
  send<T>(type: ExtensionMessageType, payload?: unknown): Promise<T | undefined>;
};

/** The part of `chrome.runtime` the bridge uses (callback form, which every Chrome version supports). */
export type ChromeRuntimeLike = {
  sendMessage(extensionId: string, message: ExtensionMessage, callback: (response: unknown) => void): unknown;
  lastError?: { message?: string } | undefined;
};

export type ChromeBridgeOptions = {
  storage: AppStorage;
  /** The runtime to use; when the key is absent, `globalThis.chrome.runtime` is looked up at each send. */
  runtime?: ChromeRuntimeLike | undefined;
  knownIds?: readonly string[];
  timeoutMs?: number;
};

const isRuntime = (v: unknown): v is ChromeRuntimeLike =>
  typeof v === 'object' && v !== null && typeof (v as { sendMessage?: unknown }).sendMessage === 'function';

const globalRuntime = (): ChromeRuntimeLike | undefined => {
  try {
    const chrome = (globalThis as { chrome?: { runtime?: unknown } }).chrome;
    return isRuntime(chrome?.runtime) ? chrome.runtime : undefined;
  } catch {
    return undefined;
  }
};

export const buildMessage = (type: ExtensionMessageType, payload?: unknown): ExtensionMessage =>
  payload === undefined
    ? { sender: 'crm-web', target: 'background', type }
    : { sender: 'crm-web', target: 'background', type, payload };

export const createChromeBridge = (options: ChromeBridgeOptions): ExtensionBridge => {
  const { storage, knownIds = KNOWN_EXTENSION_IDS, timeoutMs = EXTENSION_TIMEOUT_MS } = options;
  const getRuntime = 'runtime' in options ? () => options.runtime : globalRuntime;

  /** One attempt: resolves the answer, or undefined on any failure. Never rejects. */
  const ask = (runtime: ChromeRuntimeLike, id: string, message: ExtensionMessage): Promise<unknown> =>
    new Promise<unknown>((resolve) => {
      let settled = false;
      const settle = (value: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => settle(undefined), timeoutMs);
      try {
        const returned = runtime.sendMessage(id, message, (response) => {
          let failed = false;
          try {
            // Reading lastError inside the callback also tells Chrome the error was handled.
            failed = Boolean(runtime.lastError);
          } catch {
            failed = true;
          }
          settle(failed ? undefined : response);
        });
        // Some runtimes return a promise even with a callback; keep its rejection from surfacing.
        if (returned instanceof Promise) returned.catch(() => settle(undefined));
      } catch {
        settle(undefined);
      }
    });

  const send = async <T>(type: ExtensionMessageType, payload?: unknown): Promise<T | undefined> => {
    const runtime = getRuntime();
    if (!runtime) return undefined;
    const message = buildMessage(type, payload);
    const stored = storage.get('extensionId');
    const ids = [...new Set([...(stored ? [stored] : []), ...knownIds])];
    for (const id of ids) {
      const answer = await ask(runtime, id, message);
      if (answer === undefined) continue;
      if (id !== stored) storage.set('extensionId', id);
      return answer as T;
    }
    return undefined;
  };

  return { send };
};

/**
 * checkNumbers (the number check, SPEC §2 assistant tools): asks which of `phones` (E.164 digits,
 * at most NUMBER_CHECK_BATCH) have a chat-service account. The reply is read with the contract's
 * schema; no answer, or one of another shape, is undefined (the extension is not there).
 */
export const checkNumbers = async (bridge: ExtensionBridge, phones: readonly string[]): Promise<CheckNumbersReply | undefined> => {
  const reply = await bridge.send<unknown>('checkNumbers', { phones });
  if (reply === undefined) return undefined;
  const parsed = checkNumbersReply.safeParse(reply);
  return parsed.success ? parsed.data : undefined;
};
