/**
 * User and synced text on screen (docs/security.md, "User text on screen"): the explicit bidi
 * overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069) a name or a message carries
 * are shown as visible marks, never obeyed, and every such text is isolated from the sentence
 * around it. The stored text is not changed: only what is displayed.
 */
import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIDI_CONTROLS, isolatedText, visibleText } from '../../../src/ui/components/visible-text';
import { UserText } from '../../../src/ui/components/user-text';

const RLO = '\u202e';
const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const anyControl = /[\u202a-\u202e\u2066-\u2069]/u;

describe('visibleText', () => {
  it('shows a right-to-left override as a visible mark, keeping the order as stored', () => {
    expect(visibleText(`evil${RLO}gnp.exe`)).toBe('evil[U+202E]gnp.exe');
    expect(visibleText(`${RLO}evil name`)).toBe('[U+202E]evil name');
  });

  it('marks every override, embedding and isolate, and nothing else', () => {
    for (const c of controls) expect(visibleText(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(`a[U+${c.codePointAt(0)!.toString(16).toUpperCase()}]b`);
    // Marks that only hint a direction (LRM, RLM, ALM), joiners and other scripts stay as they are.
    const harmless = 'مرحبا\u200f world\u200e 你好 \u061c\u200d\u200b 👩‍👩‍👧';
    expect(visibleText(harmless)).toBe(harmless);
    expect(BIDI_CONTROLS.size).toBe(controls.length);
  });

  it('leaves no control in what it shows, and loses no other character (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 6 }), fc.constantFrom(...controls))), (parts) => {
        const text = parts.join('');
        const shown = visibleText(text);
        expect(anyControl.test(shown)).toBe(false);
        // Removing the marks and the controls gives the same text.
        expect(shown.replace(/\[U\+(202[A-E]|206[6-9])\]/g, '')).toBe(text.replace(new RegExp(anyControl.source, 'gu'), ''));
      }),
      { numRuns: 300 },
    );
  });

  it('isolates a text for a sentence: first-strong isolate around its visible form', () => {
    expect(isolatedText(`${RLO}Bob`)).toBe('\u2068[U+202E]Bob\u2069');
    // A text that closes isolates early cannot close the sentence's own isolate.
    expect(isolatedText('x\u2069\u2069y')).toBe('\u2068x[U+2069][U+2069]y\u2069');
  });
});

describe('<UserText>', () => {
  it('renders the visible text in an isolating element', () => {
    const { container } = render(
      <p>
        Owner: <UserText text={`${RLO}evil name`} data-testid="name" />!
      </p>,
    );
    const el = container.querySelector('[data-testid="name"]')!;
    expect(el.tagName).toBe('BDI');
    expect(el.textContent).toBe('[U+202E]evil name');
    expect(anyControl.test(container.textContent ?? '')).toBe(false);
  });

  it('takes a class and stays empty for an empty text', () => {
    const { container } = render(<UserText text="" className="x" />);
    expect(container.querySelector('bdi.x')?.textContent).toBe('');
  });
});
