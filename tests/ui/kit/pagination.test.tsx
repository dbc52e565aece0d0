/** The kit's pagination: labelled navigation, controlled page, previous/next/page clicks. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from '../../../src/ui/components/pagination';

const labels = { root: 'Pages', prev: 'Previous page', next: 'Next page', page: (n: number) => `Page ${n}` };

describe('Pagination', () => {
  it('names the navigation and its buttons from the labels and marks the current page', () => {
    render(<Pagination count={95} pageSize={20} page={2} onPageChange={() => undefined} labels={labels} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const pages = within(nav).getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it('emits the clicked, previous and next page without changing by itself', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination count={95} pageSize={20} page={2} onPageChange={onPageChange} labels={labels} />);
    await user.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    // Controlled: still page 2 until the owner says otherwise.
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pagination count={45} pageSize={20} page={1} onPageChange={() => undefined} labels={labels} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(<Pagination count={45} pageSize={20} page={3} onPageChange={() => undefined} labels={labels} />);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('elides far pages', () => {
    render(<Pagination count={1000} pageSize={20} page={25} onPageChange={() => undefined} labels={labels} />);
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '24', '25', '26', '50']);
  });
});
