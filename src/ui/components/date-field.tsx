/**
 * One date, chosen with the kit's date picker (Ark DatePicker, single selection, Park UI's
 * date-picker recipe), in the app's locale and direction (the LocaleProvider): the field shows the
 * date as the language writes it, never the browser's mm/dd/yyyy. Controlled, with the wire's
 * form: `value` and `onValueChange` are 'YYYY-MM-DD' ('' for none). Weeks start on Monday (SPEC §9).
 * With `withTime`, a time field (24-hour hh:mm, digits left to right) follows, and the value is
 * 'YYYY-MM-DDThh:mm' (a date without a time takes 00:00).
 *
 * <DateField label={t.birthday()} value={v} onValueChange={(v) => send({ type: 'user.change', field: 'birthday', value: v })}
 *   texts={{ open: LL.leads.dateField.open(), prev: ..., next: ..., time: ..., timePlaceholder: ... }} data-testid="lead-form-birthday" />
 *
 * The calendar's title (the month shown) opens the month view, whose title (the year) opens the
 * year view, so a birthday decades back is three choices away, not hundreds of arrow presses.
 *
 * Test ids (from `data-testid` t): t (the date's input), t-open (the calendar button), t-time (with a time).
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
import { useId } from 'react';
import { css, cx } from '../../../styled-system/css';
import { datePicker, input as inputRecipe } from '../../../styled-system/recipes';
import { Button } from './button';
import { CalendarDayView, CalendarGridView, CalendarIcon } from './calendar';

export interface DateFieldTexts {
  open: string;
  prev: string;
  next: string;
  /** The month view's and the year view's arrows (a year, ten years). */
  prevYear: string;
  nextYear: string;
  prevDecade: string;
  nextDecade: string;
  /** The time field's name and placeholder (with `withTime`). */
  time?: string;
  timePlaceholder?: string;
}

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or 'YYYY-MM-DDThh:mm' with `withTime`; '' for none. */
  value: string;
  onValueChange: (value: string) => void;
  texts: DateFieldTexts;
  withTime?: boolean;
  /** The input's name (a form focuses a field by it). */
  name?: string;
  readOnly?: boolean;
  errorText?: string | undefined;
  errorTestId?: string;
  className?: string | undefined;
  'data-testid'?: string;
}

const ymd = /^\d{4}-\d{2}-\d{2}$/;
const calendarValue = (date: string): DateValue[] => {
  if (!ymd.test(date)) return [];
  try {
    return [parseDate(date)];
  } catch {
    return [];
  }
};
const textOf = (v: DateValue): string => `${String(v.year).padStart(4, '0')}-${String(v.month).padStart(2, '0')}-${String(v.day).padStart(2, '0')}`;

const wrap = css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: '0' });
const controlRow = css({ display: 'flex', alignItems: 'center', gap: '2', minWidth: '0' });
/** Wide enough for the whole date in every locale: a field never cuts its text. */
const dateInput = css({ flex: '1 1 9rem', minWidth: '8.5rem' });
const timeInput = css({ flex: '0 0 5.5rem', width: '5.5rem', textAlign: 'center' });
const label = css({ textStyle: 'sm', fontWeight: 'medium' });
const error = css({ textStyle: 'sm', color: 'fg.error' });

export function DateField({ label: labelText, value, onValueChange, texts, withTime = false, name, readOnly = false, errorText, errorTestId, className, ...rest }: DateFieldProps) {
  const classes = datePicker();
  const id = useId();
  const testId = rest['data-testid'];
  const [date = '', time = ''] = withTime ? value.split('T') : [value];
  const errorId = `${id}-error`;
  const invalid = errorText !== undefined && errorText !== '';
  const emit = (nextDate: string, nextTime: string) => {
    if (!withTime) return onValueChange(nextDate);
    onValueChange(nextDate === '' && nextTime === '' ? '' : `${nextDate}T${nextTime}`);
  };

  return (
    <div className={cx(wrap, className)}>
      <DatePickerRoot
        className={classes.root}
        lazyMount
        unmountOnExit
        startOfWeek={1}
        value={calendarValue(date)}
        readOnly={readOnly}
        onValueChange={(details) => {
          const [first] = details.value;
          // A date picked without a time yet takes 00:00.
          emit(first ? textOf(first) : '', first && time === '' ? '00:00' : time);
        }}
      >
        <DatePickerLabel className={cx(classes.label, label)}>{labelText}</DatePickerLabel>
        <DatePickerControl className={cx(classes.control, controlRow)}>
          <DatePickerInput
            className={cx(inputRecipe({ size: 'md' }), dateInput)}
            name={name}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorId : undefined}
            data-testid={testId}
          />
          <DatePickerTrigger asChild className={classes.trigger}>
            <Button variant="outline" aria-label={texts.open} disabled={readOnly} data-testid={testId ? `${testId}-open` : undefined}>
              <CalendarIcon />
            </Button>
          </DatePickerTrigger>
          {withTime ? (
            <input
              className={cx(inputRecipe({ size: 'md' }), timeInput)}
              // Digits and the colon read left to right in every language.
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              value={time}
              placeholder={texts.timePlaceholder}
              aria-label={`${labelText} – ${texts.time ?? ''}`}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              readOnly={readOnly}
              onChange={(e) => emit(date, e.currentTarget.value)}
              data-testid={testId ? `${testId}-time` : undefined}
            />
          ) : null}
        </DatePickerControl>
        <Portal>
          <DatePickerPositioner className={classes.positioner}>
            <DatePickerContent className={classes.content}>
              <CalendarDayView classes={classes} prev={texts.prev} next={texts.next} up upTestId={testId ? `${testId}-view` : undefined} />
              <CalendarGridView view="month" classes={classes} prev={texts.prevYear} next={texts.nextYear} up upTestId={testId ? `${testId}-view-year` : undefined} />
              <CalendarGridView view="year" classes={classes} prev={texts.prevDecade} next={texts.nextDecade} />
            </DatePickerContent>
          </DatePickerPositioner>
        </Portal>
      </DatePickerRoot>
      {invalid ? (
        <p id={errorId} className={error} data-testid={errorTestId}>
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
