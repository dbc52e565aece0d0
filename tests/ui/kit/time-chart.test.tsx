/**
 * The kit's chart (src/ui/components/time-chart.tsx): where a canvas can draw, uPlot is loaded with
 * the chart and given the series (times in milliseconds, grouped bars side by side, colours from
 * the colour tokens), in a left-to-right box; the values table stays for assistive technology and
 * shows when uPlot cannot run. uPlot is a fake here (jsdom has no canvas): what is checked is what
 * the chart hands it.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const plots = vi.hoisted(() => ({ made: [] as { opts: Record<string, unknown>; data: unknown[] }[], destroyed: 0, fail: false }));

vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: (opts: unknown) => ({ bars: opts }) };
    constructor(opts: Record<string, unknown>, data: unknown[]) {
      // A uPlot that cannot run (its chunk broken, the canvas refused).
      if (plots.fail) throw new Error('uPlot failed');
      plots.made.push({ opts, data });
    }
    setSize() {}
    destroy() {
      plots.destroyed += 1;
    }
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const original = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  // A canvas that can draw (the chart only asks whether it has a 2D context).
  HTMLCanvasElement.prototype.getContext = (() => ({})) as unknown as typeof original;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = original;
});
beforeEach(() => {
  plots.made = [];
  plots.destroyed = 0;
  plots.fail = false;
});

const { TimeChart, colorVar } = await import('../../../src/ui/components/time-chart');

describe('time chart', () => {
  it('hands uPlot the times in milliseconds and the series, draws left to right, and keeps the table for assistive technology', async () => {
    const times = [Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 2)];
    const { unmount } = render(
      <div dir="rtl">
        <TimeChart
          label="Clicks"
          kind="bars"
          x={{ times, format: (ms) => new Date(ms).toISOString().slice(5, 10) }}
          xLabel="Day"
          series={[
            { label: 'Group', color: 'accent.default', values: [3, 1200] },
            { label: 'Chat', color: 'red.9', values: [0, 4] },
          ]}
          locale="en"
          summary="1,207 clicks"
          data-testid="clicks"
        />
      </div>,
    );
    await waitFor(() => expect(screen.getByTestId('clicks').getAttribute('data-chart')).toBe('drawn'));
    expect(plots.made).toHaveLength(1);
    const { opts, data } = plots.made[0]!;
    expect(data).toEqual([times, [3, 1200], [0, 4]]);
    expect(opts.ms).toBe(1);
    const series = opts.series as { label?: string; paths?: { bars: { disp: { size: { values: () => number[] } } } } }[];
    expect(series.map((s) => s.label)).toEqual([undefined, 'Group', 'Chat']);
    // Two bars share 70 % of a day, side by side.
    expect(series[1]!.paths!.bars.disp.size.values()).toEqual([0.35 * 86_400_000]);
    // The plot's box runs left to right in a right-to-left page; it is an image named by its summary.
    const plot = screen.getByRole('img');
    expect(plot.getAttribute('dir')).toBe('ltr');
    expect(plot.getAttribute('aria-label')).toBe('Clicks: 1,207 clicks');
    // The table is there, hidden from sight, with the numbers in the locale.
    const rows = Array.from(screen.getByTestId('clicks-table').querySelectorAll('tr'), (tr) => Array.from(tr.children, (c) => c.textContent));
    expect(rows).toEqual([
      ['Day', 'Group', 'Chat'],
      ['03-01', '3', '0'],
      ['03-02', '1,200', '4'],
    ]);
    unmount();
    expect(plots.destroyed).toBe(1);
  });

  it('shows the table instead when uPlot cannot run', async () => {
    plots.fail = true;
    render(<TimeChart label="Tabs" kind="bars" x={{ categories: ['Hot', 'Cold'] }} xLabel="Tab" series={[{ label: 'Waiting', color: 'gray.9', values: [2, 5] }]} locale="en" data-testid="tabs" />);
    await waitFor(() => expect(screen.getByTestId('tabs').getAttribute('data-chart')).toBe('failed'));
    expect(plots.made).toHaveLength(0);
    expect(screen.getByTestId('tabs-table').textContent).toContain('Hot2');
  });

  it('names colour tokens by their CSS variables', () => {
    expect(colorVar('accent.default')).toBe('var(--colors-accent-default)');
    expect(colorVar('red.9')).toBe('var(--colors-red-9)');
  });
});
