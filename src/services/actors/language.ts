/** The language actor's effects (SPEC §1): dictionary loading, `<html lang dir>`, local and server copies. */
import { fromPromise } from 'xstate';
import { accountEndpoints, type Language } from '../../contract/account';
import type { languageMachine, LanguageParams } from '../../machines/language.machine';
import type { Implementations } from '../flow-services';
import { dataOf } from '../answer';
import { hasStoredToken, type CoreServices } from './core';

export const languageEffects = (services: CoreServices): Implementations<typeof languageMachine> => {
  const doc = (): Pick<Document, 'documentElement'> | undefined =>
    services.document ?? (typeof document === 'undefined' ? undefined : document);
  const signedIn = hasStoredToken(services);
  return {
    actors: {
      loadLocale: fromPromise<void, { language: Language }>(({ input }) => services.loadLocale(input.language)),
      /** The server copy of the setting; only a signed-in user has one. */
      saveSetting: fromPromise<void, { language: Language }>(async ({ input }) => {
        if (!signedIn()) return;
        dataOf(await services.api.call(accountEndpoints.userSetting, { language: input.language }), 'Saving the language');
      }),
    },
    actions: {
      applyLanguage: (_: unknown, params: LanguageParams): void => {
        const root = doc()?.documentElement;
        if (!root) return;
        root.lang = params.language;
        root.dir = params.dir;
      },
      persistLanguage: (_: unknown, params: { language: Language }): void => services.storage.set('language', params.language),
    },
  };
};
