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
