import { describe, expect, it, vi } from 'vitest';
import { createThrottledNotifier, TOAST_THROTTLE_MS } from '../../src/services/toast';

describe('throttled notifier (SPEC §9: one toast per second)', () => {
  it('shows the first call and drops calls within the interval', () => {
    let t = 5000;
    const show = vi.fn<(message: string) => void>();
    const notify = createThrottledNotifier(show, { now: () => t });
    expect(notify('a')).toBe(true);
    t += 500;
    expect(notify('b')).toBe(false);
    t += 499;
    expect(notify('c')).toBe(false);
    expect(show.mock.calls).toEqual([['a']]);
  });

  it('shows again once the interval has passed since the last shown toast', () => {
    let t = 0;
    const show = vi.fn<(message: string) => void>();
    const notify = createThrottledNotifier(show, { now: () => t });
    notify('a');
    t = 999;
    notify('b');
    t = 1000;
    notify('c');
    t = 1500;
    notify('d');
    t = 2000;
    notify('e');
    expect(show.mock.calls).toEqual([['a'], ['c'], ['e']]);
  });

  it('defaults to a 1 s interval and honours a custom one', () => {
    expect(TOAST_THROTTLE_MS).toBe(1000);
    let t = 0;
    const show = vi.fn<(message: string, extra: number) => void>();
    const notify = createThrottledNotifier(show, { intervalMs: 100, now: () => t });
    notify('a', 1);
    t = 100;
    notify('b', 2);
    expect(show.mock.calls).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });
});
