/** The kit's date-range picker: SPEC §9 quick ranges from the owner's `now`, and a range picked on the calendar. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DateRangePicker, type DateRange } from '../../../src/ui/components/date-range-picker';

beforeAll(() => {
  if (typeof Element.prototype.scrollTo !== 'function') Element.prototype.scrollTo = () => undefined;
});

const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);
// Sunday 17 March 2024, evening.
const now = at(2024, 3, 17, 20, 15);
const quickRangeLabels = { today: 'Today', yesterday: 'Yesterday', thisWeek: 'This week', thisMonth: 'This month' };
const labels = { open: 'Open calendar', prev: 'Previous month', next: 'Next month', start: 'From', end: 'To', quickRanges: 'Quick ranges' };

// Ark's calendar and userEvent are slow in jsdom on a busy machine: a generous time limit, no timing assertion.
describe('DateRangePicker', { timeout: 20_000 }, () => {
  it('sends the quick ranges computed from now (this week from Monday on a Sunday)', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<DateRangePicker label="Period" value={null} onValueChange={onValueChange} now={now} quickRangeLabels={quickRangeLabels} labels={labels} />);
    const group = screen.getByRole('group', { name: 'Quick ranges' });
    await user.click(within(group).getByRole('button', { name: 'This week' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ start: at(2024, 3, 11), end: at(2024, 3, 17, 23, 59, 59, 999) });
    await user.click(within(group).getByRole('button', { name: 'Yesterday' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ start: at(2024, 3, 16), end: at(2024, 3, 16, 23, 59, 59, 999) });
    await user.click(within(group).getByRole('button', { name: 'This month' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ start: at(2024, 3, 1), end: at(2024, 3, 31, 23, 59, 59, 999) });
    await user.click(within(group).getByRole('button', { name: 'Today' }));
    expect(onValueChange).toHaveBeenLastCalledWith({ start: at(2024, 3, 17), end: at(2024, 3, 17, 23, 59, 59, 999) });
  });

  it('shows the chosen quick range as pressed and the range in the two fields', () => {
    render(
      <DateRangePicker label="Period" value={{ start: at(2024, 3, 11), end: at(2024, 3, 17, 23, 59, 59, 999) }} onValueChange={() => undefined} now={now} quickRangeLabels={quickRangeLabels} labels={labels} />,
    );
    expect(screen.getByRole('button', { name: 'This week' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');
    const from = screen.getByTestId('date-range-start') as HTMLInputElement;
    const to = screen.getByTestId('date-range-end') as HTMLInputElement;
    expect(from.value).toMatch(/11/);
    expect(to.value).toMatch(/17/);
    expect(from.value).not.toBe(to.value);
  });

  it('picks a range of whole days on the calendar, weeks starting on Monday', async () => {
    const user = userEvent.setup();
    const picked: (DateRange | null)[] = [];
    function Owner() {
      const [range, setRange] = useState<DateRange | null>({ start: at(2024, 3, 14), end: at(2024, 3, 14, 23, 59, 59, 999) });
      return (
        <DateRangePicker
          label="Period"
          value={range}
          onValueChange={(r) => {
            picked.push(r);
            setRange(r);
          }}
          now={now}
          quickRangeLabels={quickRangeLabels}
          labels={labels}
        />
      );
    }
    render(<Owner />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByTestId('date-range-calendar');
    const grid = within(calendar).getByRole('grid');
    // First column is Monday.
    expect(grid.querySelector('th')?.getAttribute('abbr')).toMatch(/Monday/);
    const day = (n: number) => within(grid).getAllByRole('button').find((b) => b.textContent === String(n) && !b.hasAttribute('data-outside-range'))!;
    await user.click(day(5));
    // Half a range is not a range: the owner hears nothing yet.
    expect(picked).toEqual([]);
    await user.click(day(9));
    expect(picked.at(-1)).toEqual({ start: at(2024, 3, 5), end: at(2024, 3, 9, 23, 59, 59, 999) });
  });
});
