/** The extension's sync reply (SPEC §3 Extension sync reply fields) for chat-sync tests: logged in, chat page open, nothing synced yet, then `fields`. */
import type { SyncReplyFields } from '../../src/machines/chat-sync.machine';

export const syncReply = (fields: Partial<SyncReplyFields> = {}): SyncReplyFields => ({
  isWhatsappLogin: true,
  isLogin: true,
  chatSyncFinished: false,
  isReachSyncLimit: false,
  isWhatsappOpen: true,
  chatSyncFirstBatchFinished: false,
  ...fields,
});
