/**
 * Messages are their senders' text (SPEC §9 formatting): a corpus of hostile message texts and
 * fields (script and style tags, event-handler attributes, javascript: and data: links, nested
 * and unbalanced markers, right-to-left override characters, very long words) rendered by the
 * real chat pane and message bubbles in jsdom stays inert: no script, style, frame or image
 * element, no on* attribute, no link other than http(s), and every text readable as written, its
 * bidi controls shown as visible marks (docs/security.md, "User text on screen").
 * A property test renders arbitrary texts and finds exactly the parser's shown text.
 */
import { render, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Chat, Message } from '../../../src/contract/chats';
import TypesafeI18n from '../../../src/i18n/i18n-react';
import { loadLocale } from '../../../src/i18n/i18n-util.sync';
import { chatViewMachine, type LoadLatestInput, type MessagePage } from '../../../src/machines/chat-view.machine';
import { ChatPane } from '../../../src/ui/screens/conversation/chat-pane';
import { FormattedText } from '../../../src/ui/screens/conversation/format/formatted-text';
import { parseFormatting, shownTextOf } from '../../../src/ui/screens/conversation/format/parse';
import { useChatFormats } from '../../../src/ui/screens/conversation/format/use-chat-formats';
import { visibleText } from '../../../src/ui/components/visible-text';
import { chatOf, messageOf } from './chat-fixtures';

loadLocale('en');

const RLO = '\u202e';
const longWord = 'A'.repeat(5_000);
const hostileTexts = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1) and data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '<style>body{display:none}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '"><svg onload=alert(1)>',
  '*<b onmouseover="alert(1)">bold</b>*',
  '*_~```nested``` markers~_*',
  '*unbalanced _markers ~everywhere',
  '**double** __double__ ~~double~~ ``` unclosed',
  `${RLO}gnp.exe evil ${RLO}`,
  `مرحبا ${RLO}world${RLO} *عالم*`,
  longWord,
  'https://example.com/"onmouseover="alert(1)',
  'see https://example.com/<script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '{{constructor.constructor("alert(1)")()}}',
  '\u0000\u0001 control \u200b zero width',
];

const hostileMessages: Message[] = [
  ...hostileTexts.map((text, i) => messageOf(`t${String(i).padStart(2, '0')}`, 1_000 + i, { text, senderName: '<script>alert("name")</script>' })),
  messageOf('d1', 2_000, { type: 'document', fileName: '<img src=x onerror=alert(1)>.pdf', fileSize: 2048, text: '<script>caption</script>' }),
  messageOf('v1', 2_001, { type: 'vcard', text: null, meta: { vcard: { displayName: '<b onclick=alert(1)>Card</b>', phones: ['javascript:alert(1)'] } } }),
  messageOf('p1', 2_002, { type: 'poll_creation', text: null, meta: { poll: { question: '<script>q</script>', options: ['<style>x</style>', RLO + 'two'] } } }),
  messageOf('i1', 2_003, { type: 'interactive', text: '*Pick* one', meta: { interactive: { buttons: ['<a href="javascript:x">b</a>'] } } }),
  messageOf('l1', 2_004, { type: 'location', text: null, meta: { location: { lat: 1.5, lng: -2.25, name: '"><script>alert(1)</script>' } } }),
  messageOf('o1', 2_005, { type: 'order', text: null, meta: { order: { itemCount: 2, total: 10, currency: '<s>' } } }),
  messageOf('x1', 2_006, { type: '<script>alert("type")</script>', text: 'unknown' }),
  messageOf('b1', 2_007, { type: 'image', fileName: 'huge.png', fileSize: 17 * 1024 * 1024, text: 'big <script>' }),
  messageOf('s1', 9_000_000_000_000_000, { text: 'a time beyond any date' }),
];

const group: Chat = chatOf('g1', { isGroup: true, name: '<script>alert("chat")</script>', chatWhatsappId: '120363-1700000000@g.us' });

function Pane({ chatView }: { chatView: Parameters<typeof ChatPane>[0]['chatView'] }) {
  const formats = useChatFormats();
  return <ChatPane chatView={chatView} chat={group} formats={formats} onBack={() => undefined} />;
}

const renderPane = async (messages: Message[]) => {
  const machine = chatViewMachine.provide({
    actors: { loadLatest: fromPromise<MessagePage, LoadLatestInput>(async () => ({ rows: messages, hasMore: false })) },
  });
  const chatView = createActor(machine, { input: { conversationId: 'g1' } }).start();
  const view = render(
    <TypesafeI18n locale="en">
      <Pane chatView={chatView} />
    </TypesafeI18n>,
  );
  await screen.findByTestId('chat-messages');
  return view;
};

/** Every element and attribute under `root` is inert. */
const expectInert = (root: HTMLElement) => {
  expect(root.querySelectorAll('script, style, iframe, object, embed, img, form, input, link, meta, base')).toHaveLength(0);
  for (const el of root.querySelectorAll('*')) {
    for (const attr of el.getAttributeNames()) expect(attr.toLowerCase().startsWith('on'), `${el.tagName} ${attr}`).toBe(false);
  }
  for (const a of root.querySelectorAll('a')) {
    const href = a.getAttribute('href') ?? '';
    expect(new URL(href).protocol, href).toMatch(/^https?:$/);
    expect(a.getAttribute('rel')).toContain('noopener');
  }
};

/** A copy of the element without the screen-reader note after each link ("opens in a new tab"). */
const readable = (el: HTMLElement): HTMLElement => {
  const copy = el.cloneNode(true) as HTMLElement;
  for (const note of copy.querySelectorAll('a > span')) note.remove();
  return copy;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hostile messages', () => {
  it('render inert and readable, each text block in its own direction', async () => {
    const { container } = await renderPane(hostileMessages);
    expectInert(container);
    const shown = readable(container).textContent ?? '';
    // No bidi control reaches the page: the poll option's and the texts' overrides are marks.
    expect(/[\u202a-\u202e\u2066-\u2069]/u.test(container.textContent ?? '')).toBe(false);
    expect(shown).toContain('[U+202E]two');
    for (const [i, text] of hostileTexts.entries()) {
      const bubble = readable(screen.getByTestId(`message-t${String(i).padStart(2, '0')}`));
      const want = visibleText(shownTextOf(parseFormatting(text)));
      // The text as written, without the markers the parser read, its controls as marks, in a block of its own direction.
      expect(bubble.textContent).toContain(want);
      const body = [...bubble.querySelectorAll('[dir="auto"]')].find((el) => el.textContent === want);
      expect(body, `dir=auto around message ${i}`).toBeTruthy();
    }
    expect(shown).toContain('<script>alert("name")</script>');
    expect(shown).toContain('<img src=x onerror=alert(1)>.pdf');
    expect(shown).toContain('<b onclick=alert(1)>Card</b>');
    expect(shown).toContain('javascript:alert(1)');
    expect(shown).toContain('"><script>alert(1)</script>');
    expect(shown).toContain('A message of a kind this page does not show (<script>alert("type")</script>)');
    expect(screen.getByTestId('message-b1').querySelector('[data-testid="message-too-large"]')).not.toBeNull();
    expect(screen.getByTestId('chat-title').textContent).toBe('<script>alert("chat")</script>');
    // A formatted hostile text: the markers make a <strong>, its content stays text.
    expect(screen.getByTestId('message-t08').querySelector('strong')?.textContent).toBe('<b onmouseover="alert(1)">bold</b>');
    // The only links are the location's map and the http(s) addresses written in texts.
    expect([...container.querySelectorAll('a')].map((a) => new URL(a.getAttribute('href')!).hostname).sort()).toEqual(['evil.example', 'example.com', 'example.com', 'www.openstreetmap.org']);
    // The long word is there whole.
    expect(screen.getByTestId('message-t14').textContent).toContain(longWord);
  });

  it('renders any text as exactly its shown text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.constantFrom('', '*', '_', '~', '```', 'https://a.io/'), (body, wrap) => {
        const text = `${wrap}${body}${wrap === 'https://a.io/' ? '' : wrap}`;
        const { container, unmount } = render(<FormattedText text={text} newTabLabel="" />);
        try {
          expectInert(container);
          // The screen-reader note after each link is its own span: left out here.
          expect(readable(container).textContent).toBe(visibleText(shownTextOf(parseFormatting(text))).replace(/\r\n?/g, '\n'));
        } finally {
          unmount();
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the pane waits for its messages', () => {
  it('shows them once loaded', async () => {
    await renderPane([messageOf('k1', 1_000, { text: 'hello' })]);
    await waitFor(() => expect(screen.getByTestId('message-k1').textContent).toContain('hello'));
  });
});
