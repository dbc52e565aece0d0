/**
 * Pinned chats (SPEC §2 assistant tools, pin chats): a member pins and unpins chats of the
 * conversations list; pinned ones show first, the most recently pinned first; kept per member on
 * the server (server/db/schema.ts chatPins). Loaded with the conversations screen.
 *
 * A chat is named by its wire id (`Chat.id` of src/contract/chats.ts, what the list rows carry);
 * the server stores the pin by the chat's number and chat-service id, so a pin outlives the row's
 * id. A pin names a chat of the member (their own, a live one): another member's or another
 * workspace's chat answers NOT_FOUND like an unknown one.
 *
 * Bounds: at most MAX_PINNED_CHATS pins per member (VALIDATION with PIN_LIMIT_MESSAGE beyond it,
 * nothing written). Pinning a pinned chat and unpinning an unpinned one succeed and change nothing
 * (a pinned chat keeps its first pin time).
 *
 * The source-user header (SPEC §6): an admin or manager reading a member's conversations through
 * the member selector reads that member's pins (`pinList` honours the header, as the /public
 * message calls do). Pinning and unpinning arrange the member's own list: they act on the caller
 * only (`sourceUser: 'refused'`: naming another member is FORBIDDEN and logged), so an admin
 * viewing a member's conversations sees the member's pins but does not rearrange them.
 */
import { z } from 'zod/mini';
import { textId } from './bounds';
import { endpoint } from './endpoint';

/** How many chats one member may pin. */
export const MAX_PINNED_CHATS = 50;
/** The refusal of a pin beyond the limit (the server's `message`; the client shows its own words). */
export const PIN_LIMIT_MESSAGE = `At most ${MAX_PINNED_CHATS} chats can be pinned. Unpin one first.`;

/** One pin: the chat's wire id, its number and chat-service id, and when it was pinned (unix ms). */
export const chatPin = z.object({
  chatId: z.string(),
  number: z.string(),
  chatWhatsappId: z.string(),
  pinnedAt: z.int(),
});
export type ChatPin = z.infer<typeof chatPin>;

export const pinListRequest = z.object({});
/** The member's pins of live chats, most recently pinned first, and the limit. */
export const pinListData = z.object({ pins: z.array(chatPin), limit: z.int() });
export type PinList = z.infer<typeof pinListData>;

/** The chat to pin or unpin, by its wire id. */
export const pinChatRequest = z.object({ chatId: textId });

export const pinEndpoints = {
  /** The member's pins (an admin or manager reads a member's through the source-user header). */
  pinList: endpoint({ path: '/api/crm/v2/conversation/pin/list', request: pinListRequest, answer: pinListData, access: 'member' }),
  /** Pins a chat of the caller; answers the pin (an existing one keeps its time). */
  pinAdd: endpoint({ path: '/api/crm/v2/conversation/pin/add', request: pinChatRequest, answer: chatPin, access: 'member', sourceUser: 'refused' }),
  /** Unpins a chat of the caller (one not pinned: nothing changes). */
  pinRemove: endpoint({ path: '/api/crm/v2/conversation/pin/remove', request: pinChatRequest, answer: z.null(), access: 'member', sourceUser: 'refused' }),
} as const;
