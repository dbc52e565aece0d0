/** The kit's virtual list: a window of rows, list semantics, keyboard focus, infinite paging. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { VirtualList } from '../../../src/ui/components/virtual-list';

// jsdom has no layout: give the scrolling area a 400px viewport (TanStack Virtual reads clientHeight).
const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
const scrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');
beforeAll(() => {
  // jsdom does not scroll: apply the offset and report it the way a browser does.
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && typeof options.top === 'number') this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as Element['scrollTo'];
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroller') ? 400 : 0;
    },
  });
  // ... and a content height: the list's total size, so a scroll to the last row is not clamped to 0.
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      const list = this.hasAttribute('data-virtual-scroller') ? (this.firstElementChild as HTMLElement | null) : null;
      return list ? parseFloat(list.style.height) || 0 : 0;
    },
  });
});
afterAll(() => {
  if (descriptor) Object.defineProperty(HTMLElement.prototype, 'clientHeight', descriptor);
  if (scrollHeight) Object.defineProperty(Element.prototype, 'scrollHeight', scrollHeight);
  if (scrollTo) Object.defineProperty(Element.prototype, 'scrollTo', scrollTo);
  else delete (Element.prototype as Partial<Element>).scrollTo;
});

const chats = Array.from({ length: 5000 }, (_, i) => ({ id: `c${i}`, title: `Chat ${i}` }));

function renderList(extra: Partial<Parameters<typeof VirtualList<(typeof chats)[number]>>[0]> = {}) {
  return render(
    <VirtualList
      label="Chats"
      items={chats}
      getKey={(c) => c.id}
      renderItem={(c) => <span>{c.title}</span>}
      rowHeight={40}
      height="400px"
      overscan={2}
      {...extra}
    />,
  );
}

describe('VirtualList', { timeout: 20_000 }, () => {
  it('renders a window of rows, not all 5000, as a labelled list', () => {
    renderList();
    const list = screen.getByRole('list', { name: 'Chats' });
    const rows = within(list).getAllByRole('listitem');
    // 400px / 40px = 10 visible rows, plus the overscan.
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeLessThan(20);
    expect(rows[0]!.textContent).toBe('Chat 0');
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('5000');
    expect(rows[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(screen.queryByText('Chat 4999')).toBeNull();
    expect(screen.getByTestId('list-item-c3').textContent).toBe('Chat 3');
  });

  it('has one tab stop and moves focus with the arrows, End and Enter activates', async () => {
    const user = userEvent.setup();
    const onActivate = vi.fn();
    renderList({ onActivate });
    const rows = screen.getAllByRole('listitem');
    expect(rows.filter((r) => r.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Chat 0');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Chat 2');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Chat 1');
    await user.keyboard('{Enter}');
    expect(onActivate).toHaveBeenCalledWith(chats[1], 1);
    expect(screen.getAllByRole('listitem').filter((r) => r.tabIndex === 0).map((r) => r.textContent)).toEqual(['Chat 1']);
    // End scrolls the last row into the window and focuses it.
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Chat 4999'));
    expect(screen.queryByText('Chat 0')).toBeNull();
  });

  it('calls onEndReached once when the window reaches the end, and again after more rows arrive', async () => {
    const onEndReached = vi.fn();
    const short = chats.slice(0, 100);
    const { rerender, container } = render(
      <VirtualList label="Chats" items={short} getKey={(c) => c.id} renderItem={(c) => c.title} rowHeight={40} height="400px" onEndReached={onEndReached} endThreshold={3} />,
    );
    expect(onEndReached).not.toHaveBeenCalled();
    const scroller = container.querySelector<HTMLElement>('[data-virtual-scroller]')!;
    await act(async () => {
      scroller.scrollTop = 100 * 40 - 400;
      fireEvent.scroll(scroller);
    });
    expect(screen.getByText('Chat 99')).toBeTruthy();
    expect(onEndReached).toHaveBeenCalledTimes(1);
    // Scrolling around at the end does not ask again for the same length.
    await act(async () => {
      scroller.scrollTop = 100 * 40 - 440;
      fireEvent.scroll(scroller);
    });
    expect(onEndReached).toHaveBeenCalledTimes(1);
    // Few enough rows to show the end at once: asks again once the next page arrived.
    rerender(<VirtualList label="Chats" items={chats.slice(0, 8)} getKey={(c) => c.id} renderItem={(c) => c.title} rowHeight={40} height="400px" onEndReached={onEndReached} endThreshold={3} />);
    expect(onEndReached).toHaveBeenCalledTimes(2);
  });

  it('shows the empty text when there are no rows, and the footer after the rows', () => {
    const { rerender } = render(<VirtualList label="Chats" items={[]} getKey={(c: { id: string }) => c.id} renderItem={() => null} rowHeight={40} height="400px" empty="No chats yet" />);
    expect(screen.getByText('No chats yet')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<VirtualList label="Chats" items={chats.slice(0, 3)} getKey={(c) => c.id} renderItem={(c) => c.title} rowHeight={40} height="400px" footer="Loading more" />);
    expect(screen.getByRole('status').textContent).toBe('Loading more');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
