/**
 * The effects of the pinned chats (src/machines/chat-pins.machine.ts; src/contract/pins.ts): the
 * member's pins, saving a pin or an unpin, and the flow's toasts. Built only from the flow
 * services. The list carries the source-user header of an admin reading a member's conversations
 * (the API client's, for an endpoint that honours it); pin and unpin never do.
 */
import { fromPromise } from 'xstate';
import { Code } from '../../contract/codes';
import { PIN_LIMIT_MESSAGE, pinEndpoints, type PinList } from '../../contract/pins';
import type { chatPinsMachine, PinChange, PinToast, SavePinOutcome } from '../../machines/chat-pins.machine';
import { answerOf, dataOf } from '../answer';
import type { FlowEffects } from '../flow-services';
import type { ToastText, ToastType } from '../toast';

/** The words and kind of each toast of the flow. */
export const pinToastOf = (toast: PinToast): [ToastText, ToastType] => {
  switch (toast.kind) {
    case 'limit':
      return [(LL) => LL.chats.pins.toast.limit({ limit: toast.limit }), 'warning'];
    case 'pinFailed':
      return [(LL) => LL.chats.pins.toast.pinFailed(), 'error'];
    case 'unpinFailed':
      return [(LL) => LL.chats.pins.toast.unpinFailed(), 'error'];
  }
};

/** A refusal of the member's limit (VALIDATION with the contract's message) tells apart from any other refusal. */
const isLimitRefusal = (code: number, message: string): boolean => code === Code.VALIDATION && message === PIN_LIMIT_MESSAGE;

export const chatPinsEffects: FlowEffects<typeof chatPinsMachine> = (services) => ({
  actors: {
    loadPins: fromPromise<PinList, void>(async ({ signal }) => dataOf(await services.api.call(pinEndpoints.pinList, {}, { signal }), 'Pinned chats')),
    savePin: fromPromise<SavePinOutcome, PinChange>(async ({ input }) => {
      if (input.kind === 'unpin') {
        const answer = answerOf(await services.api.call(pinEndpoints.pinRemove, { chatId: input.chatId }));
        return answer.ok ? { ok: true, pin: null } : { ok: false, limit: false };
      }
      const answer = answerOf(await services.api.call(pinEndpoints.pinAdd, { chatId: input.chatId }));
      return answer.ok ? { ok: true, pin: answer.data } : { ok: false, limit: isLimitRefusal(answer.code, answer.message) };
    }),
  },
  actions: {
    notify: (_, toast: PinToast) => services.toasts.show(...pinToastOf(toast)),
  },
});
