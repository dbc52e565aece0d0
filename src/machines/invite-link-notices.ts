/**
 * What the invite-link flows tell the person (SPEC §8: Add / Edit / Delete successful or failed,
 * Copy successful) and how a form field's message is named (SPEC §5 Invite links). The flows hold
 * keys, never words: the view and the toasts service translate them as `LL.inviteLinks` in the
 * language on screen.
 */
import type { CallError } from './answer';

export type InviteLinksToastKind = 'added' | 'edited' | 'deleted' | 'deleteFailed' | 'copied' | 'copyFailed';

/** A toast; `message` carries the server's words for a refusal that gave some. */
export type InviteLinksToast = { kind: InviteLinksToastKind; message: string | null };

export const toastOf = (kind: InviteLinksToastKind): InviteLinksToast => ({ kind, message: null });

/** A failed delete's toast: the server's words when it refused with some, else the dictionary's. */
export const deleteFailedToast = (error: CallError | null): InviteLinksToast => ({
  kind: 'deleteFailed',
  message: error !== null && error.kind === 'server' && error.message !== '' ? error.message : null,
});

/**
 * A field's message (keys of `LL.inviteLinks.errors`): the contract's rules of a set of links
 * (src/contract/share-links.ts `linkProblems`, `shareLinkInput`) or the server's own words.
 */
export type LinkFieldError =
  | { key: 'nameRequired' | 'groupLink' | 'chatLink' | 'linkRequired' | 'maxLinks' | 'minGroupLinks' }
  | { key: 'tooLong'; max: number }
  | { key: 'server'; message: string };
