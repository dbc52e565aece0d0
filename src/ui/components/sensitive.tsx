/**
 * What the privacy switch blurs (SPEC §2 assistant tools, privacy tool: names, phone numbers and
 * message text, for sharing the screen). A view marks each such element with `sensitive`
 * (`<UserText {...sensitive} text={lead.name} />`), or wraps it in `<Sensitive>`; while the switch
 * is on, the page's root carries `data-privacy="on"` (src/services/actors/privacy.ts) and the rule
 * in src/styles.css blurs every marked element.
 *
 * The rule, decided once: the text stays in the page (screen readers, copy and find still have
 * it; the switch is for what a shared screen shows), blurred beyond reading; hovering or focusing
 * does not reveal it (a pointer resting on a row during a call must not show it); a printout made
 * while the switch is on is blurred too. Marks go on the text itself, not on whole rows, so the
 * controls and labels around it stay readable.
 */
import type { ReactNode } from 'react';

/** The marking attribute (the CSS rule and the tests look for it). */
export const SENSITIVE_ATTRIBUTE = 'data-sensitive';

/** Props that mark an element as sensitive: spread them on it. */
export const sensitive = { [SENSITIVE_ATTRIBUTE]: '' } as const;

/** An inline wrapper marking its children as sensitive (for text with no element of its own). */
export function Sensitive({ children, 'data-testid': testId }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <span {...sensitive} data-testid={testId}>
      {children}
    </span>
  );
}
