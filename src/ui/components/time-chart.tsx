/**
 * A chart of the kit: one or more series of counts over time (a line or bars), or over named
 * categories (bars per tab), drawn on a canvas by uPlot, with a legend and a text alternative.
 *
 * Why uPlot: it is about 50 kB minified (about 22 kB gzipped) with no dependencies and draws
 * thousands of points on a canvas in a few milliseconds; Recharts (with the d3 modules it needs)
 * or ECharts cost several hundred kB for the same lines and bars. Even so it is loaded only when a
 * chart is about to draw (a dynamic import of uplot and its CSS inside the effect), so neither
 * the login page nor the first paint of another screen carries it.
 *
 * Right to left: the plot stays left to right (time runs left to right in Arabic charts too), in
 * a `dir="ltr"` box; the legend and the table follow the page's direction; numbers and times are
 * written by the owner's locale (Arabic digits in Arabic).
 *
 * Accessibility: the plot is an image named by `label` and a one-line `summary`; a table of every
 * value (x, then one column per series) is always there for assistive technology, visually hidden
 * while the plot draws, and shown instead of the plot where a canvas cannot be drawn (no 2D context:
 * jsdom in tests, some locked-down browsers) or uPlot failed to load.
 *
 * <TimeChart label={t.trend()} kind="line" x={{ times, format: (ms) => dateText(ms) }} xLabel={t.date()}
 *   series={[{ label: t.won(), color: 'accent.default', values: won }]} locale={locale} data-testid="trend-chart" />
 *
 * Colours are Panda colour tokens ('accent.default', 'red.9', 'gray.9' ...), read from their CSS
 * variables when the plot draws.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { ColorToken } from '../../../styled-system/tokens';
import type uPlot from 'uplot';

export type ChartSeries = { label: string; color: ColorToken; values: readonly number[] };

/** The x axis: times (unix ms, written by `format`) or named categories (in their order). */
export type ChartX = { times: readonly number[]; format: (ms: number) => string } | { categories: readonly string[] };

export type TimeChartProps = {
  /** What the chart shows: the plot's accessible name and the table's caption. */
  label: string;
  kind: 'line' | 'bars';
  x: ChartX;
  /** The table's first column header ('Date', 'Tab'). */
  xLabel: string;
  /** Bars: one or more series side by side per x; lines: one line each. */
  series: readonly ChartSeries[];
  /** The locale numbers are written in. */
  locale: string;
  /** A one-line summary for the plot's accessible name (the totals, say); the table holds every value. */
  summary?: string;
  height?: number;
  'data-testid'?: string;
};

const figure = css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0', m: '0' });
const legend = css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', m: '0', textStyle: 'xs', color: 'fg.muted' });
const legendItem = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' });
const swatch = css({ display: 'inline-block', width: '3', height: '3', borderRadius: 'sm', flexShrink: '0' });
const plotBox = css({ position: 'relative', width: 'full', minWidth: '0', overflow: 'hidden', '[data-chart=failed] &': { display: 'none' } });
/** Stands where the plot will be until it drew (or failed: the table shows then). */
const skeleton = css({
  position: 'absolute',
  inset: '0',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  animation: 'skeleton-pulse 2s ease-in-out infinite',
  _motionReduce: { animation: 'none' },
  '[data-chart] &': { display: 'none' },
});
const srOnly = css({ srOnly: true });
const table = css({
  width: 'full',
  borderCollapse: 'collapse',
  textStyle: 'sm',
  '& th, & td': { textAlign: 'start', px: '2', py: '1', borderBlockEndWidth: '1px', borderColor: 'border.subtle' },
  '& td:not(:first-child), & th:not(:first-child)': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});
const tableScroll = css({ overflowX: 'auto', maxWidth: 'full' });

/** The CSS variable of a Panda colour token ('red.9' -> var(--colors-red-9)). */
export const colorVar = (color: ColorToken): string => `var(--colors-${color.replaceAll('.', '-')})`;

let drawable: boolean | null = null;
/** Whether this browser can draw on a canvas (jsdom cannot); asked once. */
const canvasDrawable = (): boolean => {
  if (drawable === null) {
    try {
      drawable = typeof document !== 'undefined' && document.createElement('canvas').getContext('2d') !== null;
    } catch {
      drawable = false;
    }
  }
  return drawable;
};

/** The x values as uPlot takes them: the times, or the categories' positions 0, 1, 2 ... */
const xValuesOf = (x: ChartX): number[] => ('times' in x ? [...x.times] : x.categories.map((_, i) => i));
const xTextOf = (x: ChartX, value: number): string => ('times' in x ? x.format(value) : (x.categories[Math.round(value)] ?? ''));

/** The smallest step between two x values (the width bars share), 1 for a single point of categories, a day for a single time. */
const stepOf = (xs: readonly number[], isTime: boolean): number => {
  let step = Infinity;
  for (let i = 1; i < xs.length; i++) step = Math.min(step, xs[i]! - xs[i - 1]!);
  return Number.isFinite(step) && step > 0 ? step : isTime ? 86_400_000 : 1;
};

/** About how wide a character of the axis' 12 px text is, to fit a category's name under its bars. */
const AVERAGE_CHAR_PX = 7;
/** A name cut to `room` characters with an ellipsis. */
const cut = (text: string, room: number): string => (text.length <= room ? text : `${text.slice(0, Math.max(1, room - 1)).trimEnd()}…`);

/** A colour token's colour as the canvas takes it, read through a probe element inside `host`. */
const resolveColor = (host: HTMLElement, cssValue: string): string => {
  const probe = document.createElement('span');
  probe.style.color = cssValue;
  probe.style.display = 'none';
  host.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || 'currentColor';
};

/** uPlot's options for the chart (the plot's width follows its box). */
const optionsOf = (U: typeof uPlot, host: HTMLElement, props: TimeChartProps, width: number): uPlot.Options => {
  const { kind, x, series, locale } = props;
  const isTime = 'times' in x;
  const xs = xValuesOf(x);
  const step = stepOf(xs, isTime);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const axisColor = resolveColor(host, colorVar('fg.muted'));
  const gridColor = resolveColor(host, colorVar('border.subtle'));
  const group = step * 0.7;
  const bar = group / Math.max(1, series.length);
  const first = xs[0] ?? 0;
  const last = xs[xs.length - 1] ?? 0;
  return {
    width,
    height: props.height ?? 220,
    // Times come in milliseconds.
    ms: 1,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: isTime, range: kind === 'bars' || !isTime ? [first - step / 2, last + step / 2] : undefined },
      y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
    },
    axes: [
      {
        stroke: axisColor,
        grid: { show: false },
        ticks: { stroke: gridColor },
        // Categories: one tick per category, each name cut to its share of the width (the table
        // holds them whole); times: uPlot's spacing, written by the owner.
        ...(isTime ? {} : { splits: () => xs }),
        values: (u, splits) => {
          if (isTime) return splits.map((v) => xTextOf(x, v));
          const room = Math.max(3, Math.floor((u.over?.clientWidth || width) / Math.max(1, xs.length) / AVERAGE_CHAR_PX));
          return splits.map((v) => cut(xTextOf(x, v), room));
        },
      },
      {
        stroke: axisColor,
        grid: { stroke: gridColor, width: 1 },
        ticks: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000, 1_000_000],
        values: (_u, splits) => splits.map((v) => numbers.format(v)),
        size: 48,
      },
    ],
    series: [
      {},
      ...series.map((s, i) => {
        const color = resolveColor(host, colorVar(s.color));
        if (kind === 'line') return { label: s.label, stroke: color, width: 2, points: { show: xs.length <= 62, size: 5, fill: color } };
        return {
          label: s.label,
          stroke: color,
          fill: color,
          width: 0,
          paths: U.paths.bars!({
            disp: {
              // The series' bars side by side around each x.
              x0: { unit: 1, values: (_u: uPlot, _s: number, i0: number, i1: number) => xs.slice(i0, i1 + 1).map((v) => v - group / 2 + i * bar) },
              size: { unit: 1, values: () => [bar] },
            },
          }),
          points: { show: false },
        };
      }),
    ],
  };
};

export function TimeChart(props: TimeChartProps) {
  const { label, x, xLabel, series, locale, summary } = props;
  const [canDraw] = useState(canvasDrawable);
  const box = useRef<HTMLDivElement>(null);
  const fig = useRef<HTMLElement>(null);
  const numbers = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }), [locale]);
  const xs = xValuesOf(x);
  // The plot draws again when what it shows changes (not for a new object of the same values).
  const key = JSON.stringify({ kind: props.kind, xs, labels: 'times' in x ? xs.map(x.format) : x.categories, series, locale, height: props.height });

  useEffect(() => {
    const host = box.current;
    if (!canDraw || !host) return;
    let plot: uPlot | null = null;
    let stopped = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, host.clientWidth), height: props.height ?? 220 }));
    // uPlot and its CSS arrive with the first chart that draws (src/ui/components/time-chart.tsx header).
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: U }]) => {
        if (stopped) return;
        plot = new U(optionsOf(U, host, props, Math.max(200, host.clientWidth)), [xs, ...series.map((s) => [...s.values])], host);
        fig.current?.setAttribute('data-chart', 'drawn');
        resize.observe(host);
      })
      .catch(() => {
        // No plot: the table is shown instead.
        fig.current?.setAttribute('data-chart', 'failed');
      });
    return () => {
      stopped = true;
      resize.disconnect();
      plot?.destroy();
      fig.current?.removeAttribute('data-chart');
    };
    // `key` stands for the props the plot is drawn from.
  }, [canDraw, key]);

  return (
    <figure
      ref={fig}
      className={figure}
      data-testid={props['data-testid']}
      data-chart={canDraw ? undefined : 'table'}
      // The table is shown when no plot can be drawn; while one draws it is for assistive technology only.
      aria-label={label}
    >
      <ul className={legend} aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className={legendItem}>
            <span className={swatch} style={{ background: colorVar(s.color) }} />
            {s.label}
          </li>
        ))}
      </ul>
      {canDraw ? (
        <div dir="ltr" className={plotBox} style={{ minHeight: props.height ?? 220 }} role="img" aria-label={summary ? `${label}: ${summary}` : label}>
          <div className={skeleton} />
          <div ref={box} />
        </div>
      ) : null}
      <div className={canDraw ? `${srOnly} ${tableFallback}` : tableScroll}>
        <table className={table} data-testid={props['data-testid'] ? `${props['data-testid']}-table` : undefined}>
          <caption className={srOnly}>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xs.map((v, i) => (
              <tr key={v}>
                <th scope="row">{xTextOf(x, v)}</th>
                {series.map((s) => (
                  <td key={s.label}>{numbers.format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** A plot that failed to load shows the table (the figure's `data-chart="failed"`). */
const tableFallback = css({ '[data-chart=failed] &': { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto', whiteSpace: 'normal', m: '0' } });
