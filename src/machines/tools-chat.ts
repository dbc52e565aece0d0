import type { Chat } from '../contract/chats';
import { isGroupChatId } from '../contract/chats';
import { fillVariables, type VariableValues } from '../contract/variables';

/**
 * The open chat as the member's panels beside it know it (SPEC §2 quick reply, auto reply and
 * schedule message panels): the conversations flow hands it to the tools flow whenever the person
 * opens another chat or closes it (src/machines/conversations.machine.ts), and the tools flow
 * hands it on to its panels. Small and serialisable: it is what a QA replay records.
 */
export type ToolsChat = {
  /** The chat service's id of the chat (`<digits>@c.us`, `<digits>-<digits>@g.us`). */
  chatWhatsappId: string;
  /** The chat's name as synced (a single chat: the contact as saved on the phone; a group: its subject). */
  name: string;
  isGroup: boolean;
};

/** The open chat's facts from its row in the chat list (null: no chat open). */
export const toolsChatOf = (chat: Pick<Chat, 'chatWhatsappId' | 'name' | 'isGroup'> | null): ToolsChat | null =>
  chat === null ? null : { chatWhatsappId: chat.chatWhatsappId, name: chat.name, isGroup: chat.isGroup || isGroupChatId(chat.chatWhatsappId) };

/**
 * What fills the fill-in variables (src/contract/variables.ts) for the open chat. The chat list
 * carries one name per chat (the name synced from the chat page), so:
 * - a single chat: `savedName` is that name (the contact as saved on the phone); `firstName` is its
 *   first word (the account's own first name is not synced; the first word of the saved name is
 *   the closest fact the page has). A name without any letter (the chat page shows an unsaved
 *   contact's number) is no name: both stay empty. `groupName` is empty.
 * - a group: `groupName` is the group's name; `firstName` and `savedName` are empty (the message
 *   goes to the group, not to one contact).
 * - no chat open: all empty.
 */
export const variableValuesOf = (chat: ToolsChat | null): VariableValues => {
  if (chat === null) return {};
  const name = chat.name.trim();
  if (chat.isGroup) return { groupName: name };
  if (!/\p{L}/u.test(name)) return {};
  return { savedName: name, firstName: name.split(/\s+/u)[0] ?? '' };
};

/** A message as it goes out to the chat: its variables filled in for it. */
export const filledMessageOf = (message: string, chat: ToolsChat | null): string => fillVariables(message, variableValuesOf(chat));
