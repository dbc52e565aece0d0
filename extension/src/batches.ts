/**
 * How a sync is cut into uploads (SPEC §3 Extension sync reply fields, §4 Chat sync flow): a first
 * batch quickly, the most recent chats with their latest messages (after it the workspace has
 * something to show: chatSyncFirstBatchFinished), then everything else in batches within the
 * upload's limits, the last one marked final (chatSyncFinished). A chat is always uploaded in the
 * same batch as its first message or before it, as the upload requires.
 */
import { SYNC_BATCH_MAX_CHATS, SYNC_BATCH_MAX_MESSAGES, SYNC_BODY_LIMIT, type SyncChat, type SyncMessage } from '../../src/contract/chats';
import { messagesOf, sortChats, type ChatAccount } from './chat-data';

/** The first batch: this many most recent chats ... */
export const FIRST_BATCH_CHATS = 20;
/** ... each with this many of its latest messages. */
export const FIRST_BATCH_MESSAGES_PER_CHAT = 20;

export type BatchLimits = { maxChats: number; maxMessages: number; maxBytes: number };

/**
 * The upload's limits (src/contract/chats.ts), with the body kept to three quarters of the
 * server's limit: the estimate below counts camelCase keys and the wire carries snake_case ones.
 */
export const UPLOAD_LIMITS: BatchLimits = {
  maxChats: SYNC_BATCH_MAX_CHATS,
  maxMessages: SYNC_BATCH_MAX_MESSAGES,
  maxBytes: Math.floor(SYNC_BODY_LIMIT * 0.75),
};

export type SyncBatch = { chats: SyncChat[]; messages: SyncMessage[]; firstBatch: boolean; final: boolean };

type Unit = { kind: 'chat'; chat: SyncChat } | { kind: 'message'; message: SyncMessage };

const encoder = new TextEncoder();
/** Bytes a unit adds to a JSON body (its JSON and a comma). */
const unitBytes = (unit: Unit): number => encoder.encode(JSON.stringify(unit.kind === 'chat' ? unit.chat : unit.message)).length + 1;
/** The body's envelope around the lists: number, flags, brackets. */
const BATCH_OVERHEAD_BYTES = 128;

/**
 * Fills batches in order. A single unit larger than the byte budget still gets a batch of its own
 * (the server then refuses it and the sync reports the failure rather than looping).
 */
const pack = (units: readonly Unit[], limits: BatchLimits): { chats: SyncChat[]; messages: SyncMessage[] }[] => {
  const batches: { chats: SyncChat[]; messages: SyncMessage[] }[] = [];
  let current = { chats: [] as SyncChat[], messages: [] as SyncMessage[] };
  let bytes = BATCH_OVERHEAD_BYTES;
  const flush = () => {
    if (current.chats.length > 0 || current.messages.length > 0) batches.push(current);
    current = { chats: [], messages: [] };
    bytes = BATCH_OVERHEAD_BYTES;
  };
  for (const unit of units) {
    const size = unitBytes(unit);
    const full =
      unit.kind === 'chat' ? current.chats.length >= limits.maxChats : current.messages.length >= limits.maxMessages;
    if (full || (bytes + size > limits.maxBytes && (current.chats.length > 0 || current.messages.length > 0))) flush();
    if (unit.kind === 'chat') current.chats.push(unit.chat);
    else current.messages.push(unit.message);
    bytes += size;
  }
  flush();
  return batches;
};

export const toSyncChat = (chat: { chatWhatsappId: string; name: string }): SyncChat => ({
  chatWhatsappId: chat.chatWhatsappId,
  name: chat.name,
  avatarUrl: null,
  isDel: false,
});

/**
 * The batches of a full sync of an account. Always at least one batch (an account without chats
 * sends one empty batch, first and final, so the workspace learns the sync finished).
 */
export const planSync = (account: ChatAccount, limits: BatchLimits = UPLOAD_LIMITS): SyncBatch[] => {
  const ordered = sortChats(account.chats, account.messages);
  const recent = ordered.slice(0, FIRST_BATCH_CHATS);
  const older = ordered.slice(FIRST_BATCH_CHATS);

  const firstUnits: Unit[] = [];
  const laterUnits: Unit[] = [];
  for (const { chat } of recent) {
    const messages = messagesOf(account.messages, chat.chatWhatsappId);
    const cut = Math.max(0, messages.length - FIRST_BATCH_MESSAGES_PER_CHAT);
    firstUnits.push({ kind: 'chat', chat: toSyncChat(chat) });
    for (const message of messages.slice(cut)) firstUnits.push({ kind: 'message', message });
    // The older messages of a recent chat follow once the first batch is in.
    for (const message of messages.slice(0, cut)) laterUnits.push({ kind: 'message', message });
  }
  for (const { chat } of older) {
    laterUnits.push({ kind: 'chat', chat: toSyncChat(chat) });
    for (const message of messagesOf(account.messages, chat.chatWhatsappId)) laterUnits.push({ kind: 'message', message });
  }

  const firstPacked = pack(firstUnits, limits);
  const first = firstPacked[0] ?? { chats: [], messages: [] };
  // Whatever of the recent chats did not fit the first batch goes first among the rest.
  const overflow: Unit[] = firstPacked.slice(1).flatMap((b) => [
    ...b.chats.map((chat): Unit => ({ kind: 'chat', chat })),
    ...b.messages.map((message): Unit => ({ kind: 'message', message })),
  ]);
  const rest = pack([...overflow, ...laterUnits], limits);
  const all = [first, ...rest];
  return all.map((b, i) => ({ ...b, firstBatch: i === 0, final: i === all.length - 1 }));
};

/**
 * The uploads that bring the workspace up to date after a finished sync: chats made and messages
 * sent or received on the chat page since (neither first nor final: the sync itself is done).
 */
export const planTopUp = (
  chats: readonly { chatWhatsappId: string; name: string }[],
  messages: readonly SyncMessage[],
  limits: BatchLimits = UPLOAD_LIMITS,
): SyncBatch[] =>
  pack(
    [...chats.map((chat): Unit => ({ kind: 'chat', chat: toSyncChat(chat) })), ...messages.map((message): Unit => ({ kind: 'message', message }))],
    limits,
  ).map((b) => ({ ...b, firstBatch: false, final: false }));
