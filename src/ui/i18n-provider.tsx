/**
 * typesafe-i18n for React, driven by the language machine.
 *
 * The language actor decides the language and loads its dictionary (`loadLocale`, which fills
 * typesafe-i18n's `loadedLocales`); this provider only turns its snapshot into the context that
 * `useI18nContext()` reads. A new language gives a new `LL`, so every view re-renders. Nothing is
 * rendered before the first dictionary is in (tag `ready`). Ark UI parts get the locale (and so
 * the direction) through Ark's LocaleProvider. Screen areas of the dictionary load with their
 * screens (src/i18n/areas.ts); each arrival gives a new `LL` as well.
 */
import { LocaleProvider } from '@ark-ui/react/locale';
import { useSelector } from '@xstate/react';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { i18nObject } from 'typesafe-i18n';
import { dictionaryVersion, subscribeDictionary } from '../i18n/areas';
import { I18nContext } from '../i18n/i18n-react';
import type { Locales, Translations, TranslationFunctions } from '../i18n/i18n-types';
import { loadedFormatters, loadedLocales } from '../i18n/i18n-util';
import type { Language } from '../contract/account';
import type { LanguageActorRef } from '../machines/language.machine';

const failedBox = { padding: '2rem', fontFamily: 'system-ui, sans-serif' } as const;

export function I18nProvider({ language, children }: { language: LanguageActorRef; children: ReactNode }) {
  const locale = useSelector(language, (s) => s.context.language);
  const ready = useSelector(language, (s) => s.hasTag('ready') && loadedLocales[s.context.language] !== undefined);
  const failed = useSelector(language, (s) => s.hasTag('loadFailed'));
  // A screen's area (src/i18n/areas.ts) arriving gives a new LL too.
  const dictionary = useSyncExternalStore(subscribeDictionary, dictionaryVersion);

  const value = useMemo(() => {
    const translations = ready ? loadedLocales[locale] : undefined;
    if (!translations) return null;
    return {
      locale,
      LL: i18nObject<Locales, Translations, TranslationFunctions>(locale, translations, loadedFormatters[locale]),
      setLocale: (next: Locales) => language.send({ type: 'user.choose', language: next as Language }),
    };
  }, [locale, ready, language, dictionary]);

  if (failed) {
    // No dictionary at all (offline on first load): the one text that cannot be translated.
    return (
      <p role="alert" style={failedBox}>
        The page could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  if (!value) return null;
  return (
    <I18nContext.Provider value={value}>
      <LocaleProvider locale={locale}>{children}</LocaleProvider>
    </I18nContext.Provider>
  );
}
