import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../src/contract/account';
import { initialLanguage, languageMachine, type LanguageInput, type LanguageParams } from '../../src/machines/language.machine';
import { controllable, flush } from '../support/fakes';

const start = (input: LanguageInput) => {
  const loadLocale = controllable<void, { language: Language }>();
  const saveSetting = controllable<void, { language: Language }>();
  const log: string[] = [];
  const actor = createActor(
    languageMachine.provide({
      actors: { loadLocale: loadLocale.logic, saveSetting: saveSetting.logic },
      actions: {
        applyLanguage: (_, p: LanguageParams) => log.push(`apply ${p.language} ${p.dir}`),
        persistLanguage: (_, p: { language: Language }) => log.push(`persist ${p.language}`),
      },
    }),
    { input },
  ).start();
  return { actor, loadLocale, saveSetting, log };
};

describe('language', () => {
  it.each<[LanguageInput, Language]>([
    [{ stored: 'ar', browser: 'en-US' }, 'ar'],
    [{ stored: 'zh-CN', browser: ['ar'] }, 'zh-CN'],
    [{ stored: null, browser: 'zh-TW' }, 'zh-CN'],
    [{ stored: null, browser: ['fr-FR', 'ar-EG', 'en'] }, 'ar'],
    [{ stored: null, browser: ['en-GB'] }, 'en'],
    [{ stored: 'klingon', browser: 'zh' }, 'zh-CN'],
    [{ stored: null, browser: ['fr', 'de'] }, 'en'],
    [{ stored: null, browser: null }, 'en'],
    [{ stored: null, browser: 'arn' }, 'en'],
  ])('initial language of %j is %s', (input, expected) => {
    expect(initialLanguage(input)).toBe(expected);
  });

  it('loads the dictionary before it is ready, then applies the language', async () => {
    const l = start({ stored: null, browser: 'ar-SA' });
    expect(l.actor.getSnapshot().hasTag('ready')).toBe(false);
    expect(l.loadLocale.calls).toEqual([{ language: 'ar' }]);
    l.loadLocale.resolve();
    await flush();
    expect(l.actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(l.actor.getSnapshot().context).toMatchObject({ language: 'ar', dir: 'rtl' });
    expect(l.log).toEqual(['apply ar rtl']);
  });

  it('falls back to English when the first dictionary does not load', async () => {
    const l = start({ stored: 'zh-CN', browser: null });
    l.loadLocale.reject();
    await flush();
    expect(l.loadLocale.calls).toEqual([{ language: 'zh-CN' }, { language: 'en' }]);
    l.loadLocale.resolve();
    await flush();
    expect(l.actor.getSnapshot().context.language).toBe('en');
    expect(l.actor.getSnapshot().hasTag('ready')).toBe(true);
  });

  it('reports failure when not even English loads, and a new choice loads again', async () => {
    const l = start({ stored: null, browser: null });
    l.loadLocale.reject();
    await flush();
    expect(l.actor.getSnapshot().value).toBe('failed');
    l.actor.send({ type: 'user.choose', language: 'ar' });
    l.loadLocale.resolve();
    await flush();
    expect(l.actor.getSnapshot().context).toMatchObject({ language: 'ar', dir: 'rtl' });
  });

  it('switches: loads, applies, persists and saves the server copy (failures ignored)', async () => {
    const l = start({ stored: 'en', browser: null });
    l.loadLocale.resolve();
    await flush();
    l.actor.send({ type: 'user.choose', language: 'ar' });
    expect(l.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(l.actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(l.actor.getSnapshot().context.language).toBe('en');
    l.loadLocale.resolve();
    await flush();
    expect(l.log).toEqual(['apply en ltr', 'apply ar rtl', 'persist ar']);
    expect(l.saveSetting.calls).toEqual([{ language: 'ar' }]);
    l.saveSetting.reject(new Error('offline'));
    await flush();
    expect(l.actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(l.actor.getSnapshot().context).toMatchObject({ language: 'ar', dir: 'rtl', pending: null });
  });

  it('ignores choosing the current language and keeps it when the new dictionary fails', async () => {
    const l = start({ stored: 'zh-CN', browser: null });
    l.loadLocale.resolve();
    await flush();
    l.actor.send({ type: 'user.choose', language: 'zh-CN' });
    expect(l.loadLocale.calls).toHaveLength(1);
    l.actor.send({ type: 'user.choose', language: 'ar' });
    l.loadLocale.reject();
    await flush();
    expect(l.actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(l.actor.getSnapshot().context).toMatchObject({ language: 'zh-CN', dir: 'ltr', pending: null });
    expect(l.log).toEqual(['apply zh-CN ltr']);
  });
});
