/** Which page messages the service worker answers, and how it reads their payloads. */
import { describe, expect, it } from 'vitest';
import { chatIdOfPhone, routePageMessage, senderOrigin } from '../../extension/src/routing';

const page = { origin: 'http://127.0.0.1:8787', url: 'http://127.0.0.1:8787/crm/conversation' };
const msg = (type: string, payload?: unknown) => ({ sender: 'crm-web', target: 'background', type, ...(payload === undefined ? {} : { payload }) });
const auth = { accessToken: 'a'.repeat(43), refreshToken: 'r'.repeat(43), expiresIn: 900, userId: 'u1', email: 'mia@example.test', workspaceId: 'w1' };

describe('routePageMessage', () => {
  it('ignores messages not from crm-web to background, unknown types and non-objects', () => {
    expect(routePageMessage({ ...msg('fetchLoginInfo'), sender: 'someone' }, page)).toBeNull();
    expect(routePageMessage({ ...msg('fetchLoginInfo'), target: 'content' }, page)).toBeNull();
    expect(routePageMessage(msg('deleteEverything'), page)).toBeNull();
    expect(routePageMessage('fetchLoginInfo', page)).toBeNull();
    expect(routePageMessage(null, page)).toBeNull();
    expect(routePageMessage(msg('fetchChatsSyncInfo'), page)).toEqual({ type: 'fetchChatsSyncInfo', origin: 'http://127.0.0.1:8787' });
  });

  it('ignores senders that are not http(s) pages', () => {
    expect(routePageMessage(msg('findConfigInfo'), {})).toBeNull();
    expect(routePageMessage(msg('findConfigInfo'), { origin: 'chrome-extension://abc', url: 'chrome-extension://abc/x.html' })).toBeNull();
    expect(routePageMessage(msg('findConfigInfo'), { url: 'file:///tmp/x.html' })).toBeNull();
    expect(routePageMessage(msg('findConfigInfo'), { origin: 'null', url: 'https://crm.example.com/crm/' })).toEqual({ type: 'findConfigInfo', origin: 'https://crm.example.com' });
    expect(senderOrigin({ url: 'not a url' })).toBeNull();
  });

  it('reads fetchLoginInfo’s user, or none when the payload does not parse', () => {
    expect(routePageMessage(msg('fetchLoginInfo', { userId: 'u1', email: 'a@b.c' }), page)).toEqual({ type: 'fetchLoginInfo', origin: page.origin, user: { userId: 'u1', email: 'a@b.c' } });
    expect(routePageMessage(msg('fetchLoginInfo'), page)).toMatchObject({ user: null });
    expect(routePageMessage(msg('fetchLoginInfo', { userId: 42 }), page)).toMatchObject({ user: null });
  });

  it('starts a sync only for isSyncData: true', () => {
    expect(routePageMessage(msg('fetchChatsSync', { isSyncData: true }), page)).toMatchObject({ start: true });
    expect(routePageMessage(msg('fetchChatsSync', { isSyncData: false }), page)).toMatchObject({ start: false });
    expect(routePageMessage(msg('fetchChatsSync', { isSyncData: 'yes' }), page)).toMatchObject({ start: false });
    expect(routePageMessage(msg('fetchChatsSync'), page)).toMatchObject({ start: false });
  });

  it('reads startChat’s chat from its id or a phone written any way', () => {
    expect(routePageMessage(msg('startChat', { chatWhatsappId: '14155550134@c.us' }), page)).toMatchObject({ chatId: '14155550134@c.us' });
    expect(routePageMessage(msg('startChat', { chatWhatsappId: '1415-1600000000@g.us' }), page)).toMatchObject({ chatId: '1415-1600000000@g.us' });
    expect(routePageMessage(msg('startChat', { phone: '+1 (415) 555-0134' }), page)).toMatchObject({ chatId: '14155550134@c.us' });
    expect(routePageMessage(msg('startChat', { chatWhatsappId: '<img>@c.us', phone: '+971 50 123 4567' }), page)).toMatchObject({ chatId: '971501234567@c.us' });
    expect(routePageMessage(msg('startChat', { phone: '12' }), page)).toMatchObject({ chatId: null });
    expect(routePageMessage(msg('startChat', { phone: 'call me' }), page)).toMatchObject({ chatId: null });
    expect(routePageMessage(msg('startChat'), page)).toMatchObject({ chatId: null });
    expect(chatIdOfPhone('+86 138 0013 8000')).toBe('8613800138000@c.us');
  });

  it('takes eclientAuth’s session only when it is complete', () => {
    expect(routePageMessage(msg('eclientAuth', auth), page)).toEqual({ type: 'eclientAuth', origin: page.origin, auth });
    expect(routePageMessage(msg('eclientAuth', { ...auth, accessToken: '' }), page)).toMatchObject({ auth: null });
    expect(routePageMessage(msg('eclientAuth', { ...auth, expiresIn: 0 }), page)).toMatchObject({ auth: null });
    const { userId: _userId, ...withoutUser } = auth;
    expect(routePageMessage(msg('eclientAuth', withoutUser), page)).toMatchObject({ auth: null });
  });

  it('reads sendMessage’s message, or none when the payload does not parse', () => {
    const message = { chatWhatsappId: '14155550134@c.us', text: 'Hello', attachments: [{ name: 'a.png', mimeType: 'image/png', kind: 'image', size: 10, url: 'http://127.0.0.1:8787/files/a' }] };
    expect(routePageMessage(msg('sendMessage', message), page)).toEqual({ type: 'sendMessage', origin: page.origin, message });
    expect(routePageMessage(msg('sendMessage', { ...message, workspaceId: 'w1' }), page)).toMatchObject({ message: { workspaceId: 'w1' } });
    expect(routePageMessage(msg('sendMessage', { ...message, attachments: [{ ...message.attachments[0], kind: 'script' }] }), page)).toMatchObject({ message: null });
    expect(routePageMessage(msg('sendMessage', { ...message, text: 'x'.repeat(4097) }), page)).toMatchObject({ message: null });
    expect(routePageMessage(msg('sendMessage'), page)).toEqual({ type: 'sendMessage', origin: page.origin, message: null });
    // Not from an http(s) page: ignored like every other message.
    expect(routePageMessage(msg('sendMessage', message), { url: 'file:///tmp/x.html' })).toBeNull();
  });
});
