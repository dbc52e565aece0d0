import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InspectionEvent, Observer } from 'xstate';

type BrowserInspectorOptions = {
  sanitizeEvent?: (e: { type: string }) => { type: string };
  sanitizeContext?: (c: Record<string, unknown>) => Record<string, unknown>;
};

const inspectObserver: Observer<InspectionEvent> = { next: () => undefined };
const createBrowserInspector = vi.fn((_options?: BrowserInspectorOptions) => ({ inspect: inspectObserver }));

vi.mock('@statelyai/inspect', () => ({ createBrowserInspector }));

const { attachInspector, inspectAllowed, shouldInspect } = await import('../../src/services/inspection');

afterEach(() => {
  createBrowserInspector.mockClear();
});

describe('shouldInspect', () => {
  it('needs ?inspect in the URL', () => {
    expect(shouldInspect({ search: '' }, { DEV: true })).toBe(false);
    expect(shouldInspect({ search: '?inspector' }, { DEV: true })).toBe(false);
    expect(shouldInspect({ search: '?inspect' }, { DEV: true })).toBe(true);
    expect(shouldInspect({ search: '?a=1&inspect=' }, { DEV: true })).toBe(true);
  });

  it('is always allowed in development, in production only when the build enables it', () => {
    expect(inspectAllowed({ DEV: true })).toBe(true);
    expect(shouldInspect({ search: '?inspect' }, { DEV: false })).toBe(false);
    expect(shouldInspect({ search: '?inspect' }, { DEV: false, VITE_INSPECT_IN_PRODUCTION: 'false' })).toBe(false);
    expect(shouldInspect({ search: '?inspect' }, { DEV: false, VITE_INSPECT_IN_PRODUCTION: '1' })).toBe(false);
    expect(shouldInspect({ search: '?inspect' }, { DEV: false, VITE_INSPECT_IN_PRODUCTION: 'true' })).toBe(true);
  });
});

describe('attachInspector', () => {
  it('returns nothing and loads nothing without ?inspect', async () => {
    await expect(attachInspector({ search: '' }, { DEV: true })).resolves.toBeUndefined();
    await expect(attachInspector({ search: '?inspect' }, { DEV: false })).resolves.toBeUndefined();
    expect(createBrowserInspector).not.toHaveBeenCalled();
  });

  it('creates the browser inspector and returns its inspect observer', async () => {
    await expect(attachInspector({ search: '?inspect' }, { DEV: true })).resolves.toBe(inspectObserver);
    expect(createBrowserInspector).toHaveBeenCalledTimes(1);
  });

  it('hands the inspector redacted events and context', async () => {
    await attachInspector({ search: '?inspect' }, { DEV: false, VITE_INSPECT_IN_PRODUCTION: 'true' });
    const options = createBrowserInspector.mock.calls[0]![0]!;
    expect(options.sanitizeEvent?.({ type: 'user.submit', password: 'p' } as { type: string })).toEqual({ type: 'user.submit', password: '[redacted]' });
    expect(options.sanitizeContext?.({ email: 'a@b.co', code: '123456' })).toEqual({ email: 'a@b.co', code: '[redacted]' });
  });

  it('reads the build settings by default (vitest runs as a development build)', async () => {
    window.history.replaceState(null, '', '/crm/login?inspect');
    await expect(attachInspector()).resolves.toBe(inspectObserver);
    window.history.replaceState(null, '', '/crm/login');
    await expect(attachInspector()).resolves.toBeUndefined();
  });
});
