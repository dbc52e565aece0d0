/**
 * The chat view's file rules (SPEC §5 files over 16 MB show a placeholder, §9 sizes and
 * durations). The size rule itself is the contract's (src/contract/file-size.ts).
 */
import { MAX_CHAT_FILE_BYTES } from '../../../../contract/chats';

export { fileSizeOf, type FileSize, type FileSizeUnit } from '../../../../contract/file-size';

/** Files over this are a placeholder in the chat view (SPEC §5, §9). */
export const isTooLarge = (bytes: number | null): boolean => bytes !== null && bytes > MAX_CHAT_FILE_BYTES;

/** A length in seconds as m:ss (or h:mm:ss). */
export const durationText = (seconds: number): string => {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};
