/**
 * What the service worker asks the chat page to show, carried in the page's URL fragment
 * (`chat.html#chat=<chat id>` or `#guidance=login`), so opening a new tab and re-targeting an open
 * one are the same navigation. A counter makes each request a new fragment (the page reacts to
 * every change, even to the chat it already shows).
 */
import { CHAT_ID_PATTERN } from '../../src/contract/chats';

export type ChatPageTarget = { chat?: string; guidance?: 'login' };

export const chatPageHash = (target: ChatPageTarget, nonce: number): string => {
  const params = new URLSearchParams();
  if (target.chat) params.set('chat', target.chat);
  if (target.guidance) params.set('guidance', target.guidance);
  if (params.toString() === '') return '';
  params.set('n', String(nonce));
  return `#${params.toString()}`;
};

/** The target a fragment names; anything not understood is left out. */
export const parseChatPageHash = (hash: string): ChatPageTarget => {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const target: ChatPageTarget = {};
  const chat = params.get('chat');
  if (chat && CHAT_ID_PATTERN.test(chat)) target.chat = chat;
  if (params.get('guidance') === 'login') target.guidance = 'login';
  return target;
};
