/**
 * In-memory companion extension for tests and for running the app without the extension.
 * Each message type may have a handler; a missing handler, a handler that throws or rejects all read
 * as "no answer" (`undefined`), as with the real bridge. Every message sent is recorded.
 */
import type { ExtensionMessage, ExtensionMessageType } from '../../contract/extension';
import { buildMessage, type ExtensionBridge } from './bridge';

export type FakeExtensionHandler = (payload: unknown) => unknown;
export type FakeExtensionHandlers = Partial<Record<ExtensionMessageType, FakeExtensionHandler>>;

export type FakeExtension = ExtensionBridge & {
  /** Every message sent, in order. */
  readonly sent: ExtensionMessage[];
  /** Replaces (or, with `undefined`, removes) the handler of one message type. */
  setHandler(type: ExtensionMessageType, handler: FakeExtensionHandler | undefined): void;
};

export const createFakeExtension = (handlers: FakeExtensionHandlers = {}): FakeExtension => {
  const current: FakeExtensionHandlers = { ...handlers };
  const sent: ExtensionMessage[] = [];
  return {
    sent,
    setHandler(type, handler) {
      if (handler) current[type] = handler;
      else delete current[type];
    },
    async send<T>(type: ExtensionMessageType, payload?: unknown): Promise<T | undefined> {
      sent.push(buildMessage(type, payload));
      const handler = current[type];
      if (!handler) return undefined;
      try {
        return (await handler(payload)) as T | undefined;
      } catch {
        return undefined;
      }
    },
  };
};

/**
 * A `checkNumbers` handler for the fake (tests, the app without the extension): the numbers of
 * `accounts` have an account, with their name (null: unknown); every other number has none. It
 * answers each asked number in order, as the extension does (extension/src/number-check.ts).
 */
export const fakeNumberCheck =
  (accounts: Readonly<Record<string, string | null>>): FakeExtensionHandler =>
  (payload) => {
    const phones = (payload as { phones?: unknown } | undefined)?.phones;
    if (!Array.isArray(phones)) return { results: [], refused: 'invalid' };
    return { results: phones.map((phone: string) => (phone in accounts ? { phone, exists: true, name: accounts[phone] ?? null } : { phone, exists: false, name: null })) };
  };
