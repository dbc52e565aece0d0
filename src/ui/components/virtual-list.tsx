/**
 * A virtualized list on TanStack Virtual for thousands of rows (chats, leads): only the rows in view
 * (plus `overscan`) are in the DOM. Rows have a fixed height (`rowHeight`) or are measured after
 * render (`measureRows`, with `rowHeight` as the estimate). The list is a `role="list"` of
 * `listitem`s carrying `aria-setsize`/`aria-posinset`; one row is in the tab order (roving
 * tabindex): arrows, Home/End, PageUp/PageDown move focus, Enter activates. Each row carries its
 * item's key in `data-key`. `focusRequest` moves the focus to the row of a key (scrolled into view
 * first; a new `seq` asks again). `onEndReached` fires
 * once per length of `items` when the last `endThreshold` rows come into view (infinite paging).
 *
 * <VirtualList label={t.chats()} items={chats} getKey={(c) => c.id} rowHeight={64} height="70vh"
 *   renderItem={(c) => <ChatRow chat={c} />} onActivate={(c) => send({ type: 'open', id: c.id })}
 *   onEndReached={() => send({ type: 'more' })} footer={loadingMore ? t.loadingMore() : null} />
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { css, cx } from '../../../styled-system/css';

export interface VirtualListProps<T> {
  /** Accessible name of the list. */
  label: string;
  items: readonly T[];
  getKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Row height in pixels (the estimate when `measureRows`). */
  rowHeight: number;
  /** Measure each rendered row (rows of different heights). */
  measureRows?: boolean;
  /** CSS height of the scrolling area. */
  height: string;
  /** Rows rendered beyond the visible ones on each side. */
  overscan?: number;
  onEndReached?: () => void;
  /** How many rows before the end `onEndReached` fires. */
  endThreshold?: number;
  /** Enter on a focused row. */
  onActivate?: (item: T, index: number) => void;
  /** Shown after the last row (e.g. "Loading more…"), announced politely. */
  footer?: ReactNode;
  /** Shown instead of the list when `items` is empty. */
  empty?: ReactNode;
  /** Test id of each row (default `list-item-<key>`). */
  itemTestId?: (item: T, index: number) => string;
  className?: string;
  /** The `role="list"` element, whose children are the rendered rows (e.g. for a drag-and-drop library). */
  listRef?: Ref<HTMLDivElement>;
  /** The list fills the scrolling area even when short (a drop target must be reachable below the last row). */
  fill?: boolean;
  /** Focus the row of this key once it is in `items` (a moved item's new place, WCAG 2.4.3); each `seq` is one request. */
  focusRequest?: { key: string; seq: number } | null;
  'data-testid'?: string;
}

const scroller = css({ overflow: 'auto', position: 'relative', width: 'full', contain: 'strict' });
const inner = css({ position: 'relative', width: 'full', m: '0', p: '0', listStyle: 'none' });
const filled = css({ minHeight: 'full' });
const row = css({
  position: 'absolute',
  top: '0',
  insetInlineStart: '0',
  width: 'full',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' },
});
const footerClass = css({ py: '3', textAlign: 'center', color: 'fg.muted', textStyle: 'sm' });
const emptyClass = css({ py: '8', textAlign: 'center', color: 'fg.muted' });

export function VirtualList<T>(props: VirtualListProps<T>) {
  const { label, items, getKey, renderItem, rowHeight, measureRows = false, height, overscan = 6, onEndReached, endThreshold = 5, onActivate, footer, empty, itemTestId, className, listRef, fill = false, focusRequest } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  /**
   * The row (by its item's key) keyboard focus is moving to, until it is rendered and focused; a
   * key whose item left the list meanwhile (a card moved on) is dropped, so the focus never lands
   * on whatever row took its index.
   */
  const focusTarget = useRef<string | null>(null);
  const endReportedFor = useRef(-1);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (index) => getKey(items[index] as T, index),
  });
  const virtualItems = virtualizer.getVirtualItems();
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  // The one tab stop: the active row, or the first rendered one when the active row scrolled away.
  const tabStop = virtualItems.some((v) => v.index === activeIndex) ? activeIndex : (virtualItems[0]?.index ?? 0);

  // Infinite paging: once per length, when the window reaches the last rows.
  const lastShown = virtualItems.length > 0 ? virtualItems[virtualItems.length - 1]!.index : -1;
  useEffect(() => {
    if (!onEndReached || items.length === 0 || lastShown < 0) return;
    if (lastShown >= items.length - 1 - endThreshold && endReportedFor.current !== items.length) {
      endReportedFor.current = items.length;
      onEndReached();
    }
  }, [lastShown, items.length, endThreshold, onEndReached]);

  /** Focuses the row focus is moving to, if it is rendered (or forgets it if its item left). */
  const focusPending = () => {
    const key = focusTarget.current;
    if (key === null) return;
    if (!items.some((item, i) => getKey(item, i) === key)) {
      focusTarget.current = null;
      return;
    }
    const el = [...(scrollRef.current?.querySelectorAll<HTMLElement>('[data-key]') ?? [])].find((row) => row.dataset.key === key);
    if (el) {
      focusTarget.current = null;
      el.focus({ preventScroll: true });
    }
  };
  // Keyboard focus follows the active row once it is rendered.
  useEffect(focusPending);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    if (items.length === 0) return;
    focusTarget.current = getKey(items[next] as T, next);
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  // A focus request is taken once, when its key is among the items (also one present at mount: a
  // list that was empty mounts again when the item comes back; the screen leaves out old requests).
  const focusTaken = useRef<number | null>(null);
  const takeFocusRequest = useEffectEvent(() => {
    if (!focusRequest || focusTaken.current === focusRequest.seq) return;
    const index = items.findIndex((item, i) => getKey(item, i) === focusRequest.key);
    if (index < 0) return;
    focusTaken.current = focusRequest.seq;
    moveTo(index);
    // The row may be rendered already, and the active index unchanged (no render to wait for).
    focusPending();
  });
  useEffect(() => takeFocusRequest(), [focusRequest?.seq, items]);

  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex - 1),
      Home: () => moveTo(0),
      End: () => moveTo(items.length - 1),
      PageDown: () => moveTo(activeIndex + pageRows),
      PageUp: () => moveTo(activeIndex - pageRows),
      Enter: () => {
        const item = items[activeIndex];
        if (item !== undefined && onActivate) onActivate(item, activeIndex);
      },
    };
    const action = keys[event.key];
    // Keys typed inside a row's own controls (a text field) stay theirs.
    if (!action || (event.target as HTMLElement).getAttribute('role') !== 'listitem') return;
    event.preventDefault();
    action();
  };

  if (items.length === 0 && empty) {
    return (
      <div className={cx(emptyClass, className)} data-testid={props['data-testid']}>
        {empty}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className={cx(scroller, className)} style={{ height }} data-testid={props['data-testid']} data-virtual-scroller="">
      <div ref={listRef} role="list" aria-label={label} className={fill ? cx(inner, filled) : inner} style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualItems.map((v) => {
          const item = items[v.index] as T;
          return (
            <div
              key={v.key}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={v.index + 1}
              tabIndex={v.index === tabStop ? 0 : -1}
              data-index={v.index}
              data-key={String(v.key)}
              ref={measureRows ? virtualizer.measureElement : undefined}
              className={row}
              style={{ transform: `translateY(${v.start}px)`, height: measureRows ? undefined : v.size }}
              onFocus={() => setActive(v.index)}
              data-testid={itemTestId ? itemTestId(item, v.index) : `list-item-${String(v.key)}`}
            >
              {renderItem(item, v.index)}
            </div>
          );
        })}
      </div>
      {footer ? (
        <div role="status" className={footerClass}>
          {footer}
        </div>
      ) : null}
    </div>
  );
}
