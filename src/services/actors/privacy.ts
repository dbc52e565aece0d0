/**
 * The privacy switch's effects (src/machines/privacy.machine.ts): the page's root (`<html>`)
 * carries the mode as `data-privacy="on"` while it is on, which blurs every element views mark
 * as sensitive (src/ui/components/sensitive.tsx, the rule in src/styles.css): on the root, it
 * reaches every screen, the standalone chat pages and the dialogs and menus drawn outside the
 * layout alike. The choice is kept in this browser's storage (`privacyMode`).
 */
import type { PrivacyMode, privacyMachine } from '../../machines/privacy.machine';
import type { Implementations } from '../flow-services';
import type { CoreServices } from './core';

/** The attribute of the page's root that turns the blur on. */
export const PRIVACY_ATTRIBUTE = 'data-privacy';

export const privacyEffects = (services: CoreServices): Implementations<typeof privacyMachine> => {
  const doc = (): Pick<Document, 'documentElement'> | undefined => services.document ?? (typeof document === 'undefined' ? undefined : document);
  return {
    actions: {
      applyPrivacy: (_: unknown, params: { mode: PrivacyMode }): void => {
        const root = doc()?.documentElement;
        if (!root) return;
        if (params.mode === 'on') root.setAttribute(PRIVACY_ATTRIBUTE, 'on');
        else root.removeAttribute(PRIVACY_ATTRIBUTE);
      },
      persistPrivacy: (_: unknown, params: { mode: PrivacyMode }): void => services.storage.set('privacyMode', params.mode),
    },
  };
};
