/**
 * Date-range picker on Ark's DatePicker (range selection, parts imported by name) with Park UI's
 * date-picker recipe, plus the SPEC §9 quick ranges (today, yesterday, this week Monday to Sunday,
 * this month) as toggle buttons computed by `quickRange` from `now`. Controlled: the range comes
 * from the owner and goes out as whole days ({start: 00:00, end: 23:59:59.999} in local time).
 * Weeks in the calendar start on Monday. Direction and month names follow the LocaleProvider.
 *
 * <DateRangePicker label={t.period()} value={range} onValueChange={(r) => send({ type: 'range', range: r })}
 *   now={new Date()} quickRangeLabels={{ today: t.today(), yesterday: t.yesterday(), thisWeek: t.thisWeek(), thisMonth: t.thisMonth() }}
 *   labels={{ open: t.openCalendar(), prev: t.prevMonth(), next: t.nextMonth(), start: t.from(), end: t.to(), quickRanges: t.quickRanges() }} />
 */
import {
  DatePickerContent,
  DatePickerControl,
  DatePickerInput,
  DatePickerLabel,
  DatePickerPositioner,
  DatePickerRoot,
  DatePickerTrigger,
  parseDate,
  type DateValue,
} from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import { format } from 'date-fns';
import { useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { datePicker } from '../../../styled-system/recipes';
import { Button } from './button';
import { CalendarDayView, CalendarIcon } from './calendar';
import { matchQuickRange, quickRange, quickRangeIds, wholeDays, type DateRange, type QuickRangeId } from './date-ranges';

export type { DateRange, QuickRangeId } from './date-ranges';

export interface DateRangePickerLabels {
  /** The button that opens the calendar. */
  open: string;
  prev: string;
  next: string;
  /** Names of the two date fields ("From", "To"). */
  start: string;
  end: string;
  /** Name of the quick-range button group. */
  quickRanges: string;
}

export interface DateRangePickerProps {
  label: string;
  value: DateRange | null;
  onValueChange: (range: DateRange | null) => void;
  /** The moment quick ranges are computed from (the owner's clock; tests pass a fixed one). */
  now: Date;
  quickRangeLabels: Record<QuickRangeId, string>;
  labels: DateRangePickerLabels;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
}

const toCalendar = (d: Date): DateValue => parseDate(format(d, 'yyyy-MM-dd'));
const toLocalDate = (v: DateValue): Date => new Date(v.year, v.month - 1, v.day);

const wrap = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const quickRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const controlRow = css({ display: 'flex', alignItems: 'center', gap: '2' });
/** Wide enough for the whole date in every locale ("mm/dd/yyyy", "yyyy/mm/dd"): a field never cuts its text. */
const input = css({
  flex: '1 1 8.5rem',
  minWidth: '8.5rem',
  maxWidth: '12rem',
  px: '3',
  height: '9',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
});
/** A day is a square button, as the kit's icon buttons are: a text button's side padding made the 7 columns wider than the calendar. */

export function DateRangePicker({ label, value, onValueChange, now, quickRangeLabels, labels, disabled = false, className, ...rest }: DateRangePickerProps) {
  const classes = datePicker();
  const chosen = matchQuickRange(value, now);
  // The first click of a new range is a draft held here; the owner hears of whole ranges only.
  const [draft, setDraft] = useState<DateValue[] | null>(null);
  const calendarValue = draft ?? (value ? [toCalendar(value.start), toCalendar(value.end)] : []);

  return (
    <div className={cx(wrap, className)} data-testid={rest['data-testid']}>
      <DatePickerRoot
        className={classes.root}
        // The calendar (42 day cells and their state) is rendered only while open: a closed picker
        // re-rendered it with every update of the screen around it (the pipeline's filter bar).
        lazyMount
        unmountOnExit
        selectionMode="range"
        startOfWeek={1}
        value={calendarValue}
        disabled={disabled}
        onOpenChange={(details) => {
          if (!details.open) setDraft(null);
        }}
        onValueChange={(details) => {
          const [first, last] = details.value;
          if (first && last) {
            setDraft(null);
            onValueChange(wholeDays(toLocalDate(first), toLocalDate(last)));
          } else if (first) {
            setDraft(details.value);
          } else {
            setDraft(null);
            onValueChange(null);
          }
        }}
      >
        <DatePickerLabel className={classes.label}>{label}</DatePickerLabel>
        <DatePickerControl className={cx(classes.control, controlRow)}>
          <DatePickerInput index={0} className={cx(classes.input, input)} aria-label={labels.start} data-testid="date-range-start" />
          <DatePickerInput index={1} className={cx(classes.input, input)} aria-label={labels.end} data-testid="date-range-end" />
          <DatePickerTrigger asChild className={classes.trigger}>
            <Button variant="outline" size="sm" aria-label={labels.open} data-testid="date-range-open">
              <CalendarIcon />
            </Button>
          </DatePickerTrigger>
        </DatePickerControl>
        <Portal>
          <DatePickerPositioner className={classes.positioner}>
            <DatePickerContent className={classes.content} data-testid="date-range-calendar">
              <CalendarDayView classes={classes} prev={labels.prev} next={labels.next} />
            </DatePickerContent>
          </DatePickerPositioner>
        </Portal>
      </DatePickerRoot>
      <div role="group" aria-label={labels.quickRanges} className={quickRow}>
        {quickRangeIds.map((id) => (
          <Button
            key={id}
            size="sm"
            variant={chosen === id ? 'solid' : 'outline'}
            aria-pressed={chosen === id}
            disabled={disabled}
            onClick={() => onValueChange(quickRange(id, now))}
            data-testid={`date-range-${id}`}
          >
            {quickRangeLabels[id]}
          </Button>
        ))}
      </div>
    </div>
  );
}
