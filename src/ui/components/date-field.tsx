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
  DatePickerContext,
  DatePickerControl,
  DatePickerInput,
  DatePickerLabel,
  DatePickerNextTrigger,
  DatePickerPositioner,
  DatePickerPrevTrigger,
  DatePickerRangeText,
  DatePickerRoot,
  DatePickerTable,
  DatePickerTableBody,
  DatePickerTableCell,
  DatePickerTableCellTrigger,
  DatePickerTableHead,
  DatePickerTableHeader,
  DatePickerTableRow,
  DatePickerTrigger,
  DatePickerView,
  DatePickerViewControl,
  DatePickerViewTrigger,
  parseDate,
  type DateValue,
} from '@ark-ui/react/date-picker';
import { Portal } from '@ark-ui/react/portal';
import { useId } from 'react';
import { css, cx } from '../../../styled-system/css';
import { datePicker, input as inputRecipe } from '../../../styled-system/recipes';
import { Button } from './button';

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
const dayButton = css({ px: '0' });
const arrow = css({ '[dir=rtl] &': { transform: 'scaleX(-1)' } });

function Chevron({ d }: { d: string }) {
  return (
    <svg className={arrow} viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

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
              <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <rect x="3" y="4" width="18" height="18" rx="2" />
                <path d="M16 2v4M8 2v4M3 10h18" />
              </svg>
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
              <DatePickerView view="day" className={classes.view}>
                <DatePickerContext>
                  {(api) => (
                    <>
                      <DatePickerViewControl className={classes.viewControl}>
                        <DatePickerPrevTrigger asChild className={classes.prevTrigger}>
                          <Button variant="ghost" size="sm" aria-label={texts.prev}>
                            <Chevron d="m15 18-6-6 6-6" />
                          </Button>
                        </DatePickerPrevTrigger>
                        <DatePickerViewTrigger asChild>
                          <Button variant="ghost" size="sm" data-testid={testId ? `${testId}-view` : undefined}>
                            <DatePickerRangeText className={classes.rangeText} />
                          </Button>
                        </DatePickerViewTrigger>
                        <DatePickerNextTrigger asChild className={classes.nextTrigger}>
                          <Button variant="ghost" size="sm" aria-label={texts.next}>
                            <Chevron d="m9 18 6-6-6-6" />
                          </Button>
                        </DatePickerNextTrigger>
                      </DatePickerViewControl>
                      <DatePickerTable className={classes.table}>
                        <DatePickerTableHead className={classes.tableHead}>
                          <DatePickerTableRow className={classes.tableRow}>
                            {api.weekDays.map((day, i) => (
                              <DatePickerTableHeader key={i} className={classes.tableHeader} abbr={day.long}>
                                {day.narrow}
                              </DatePickerTableHeader>
                            ))}
                          </DatePickerTableRow>
                        </DatePickerTableHead>
                        <DatePickerTableBody className={classes.tableBody}>
                          {api.weeks.map((week, i) => (
                            <DatePickerTableRow key={i} className={classes.tableRow}>
                              {week.map((day, j) => (
                                <DatePickerTableCell key={j} value={day} className={classes.tableCell}>
                                  <DatePickerTableCellTrigger asChild className={cx(classes.tableCellTrigger, dayButton)}>
                                    <Button variant="ghost" size="sm">
                                      {day.day}
                                    </Button>
                                  </DatePickerTableCellTrigger>
                                </DatePickerTableCell>
                              ))}
                            </DatePickerTableRow>
                          ))}
                        </DatePickerTableBody>
                      </DatePickerTable>
                    </>
                  )}
                </DatePickerContext>
              </DatePickerView>
              <GridView view="month" classes={classes} prev={texts.prevYear} next={texts.nextYear} testId={testId} />
              <GridView view="year" classes={classes} prev={texts.prevDecade} next={texts.nextDecade} testId={testId} />
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

type PickerClasses = ReturnType<typeof datePicker>;

/**
 * The month view (the months of a year) or the year view (a decade): a title that goes up a view
 * (the year view has none above it), arrows that move by a year or a decade, and a grid of four
 * columns; a choice goes down to the view below it.
 */
function GridView({ view, classes, prev, next, testId }: { view: 'month' | 'year'; classes: PickerClasses; prev: string; next: string; testId: string | undefined }) {
  return (
    <DatePickerView view={view} className={classes.view}>
      <DatePickerContext>
        {(api) => {
          const grid = view === 'month' ? api.getMonthsGrid({ columns: 4, format: 'short' }) : api.getYearsGrid({ columns: 4 });
          return (
            <>
              <DatePickerViewControl className={classes.viewControl}>
                <DatePickerPrevTrigger asChild className={classes.prevTrigger}>
                  <Button variant="ghost" size="sm" aria-label={prev}>
                    <Chevron d="m15 18-6-6 6-6" />
                  </Button>
                </DatePickerPrevTrigger>
                {view === 'month' ? (
                  <DatePickerViewTrigger asChild>
                    <Button variant="ghost" size="sm" data-testid={testId ? `${testId}-view-year` : undefined}>
                      <DatePickerRangeText className={classes.rangeText} />
                    </Button>
                  </DatePickerViewTrigger>
                ) : (
                  <DatePickerRangeText className={classes.rangeText} />
                )}
                <DatePickerNextTrigger asChild className={classes.nextTrigger}>
                  <Button variant="ghost" size="sm" aria-label={next}>
                    <Chevron d="m9 18 6-6-6-6" />
                  </Button>
                </DatePickerNextTrigger>
              </DatePickerViewControl>
              <DatePickerTable className={classes.table}>
                <DatePickerTableBody className={classes.tableBody}>
                  {grid.map((row, i) => (
                    <DatePickerTableRow key={i} className={classes.tableRow}>
                      {row.map((cell) => (
                        <DatePickerTableCell key={cell.value} value={cell.value} className={classes.tableCell}>
                          <DatePickerTableCellTrigger asChild className={classes.tableCellTrigger}>
                            <Button variant="ghost" size="sm">
                              {cell.label}
                            </Button>
                          </DatePickerTableCellTrigger>
                        </DatePickerTableCell>
                      ))}
                    </DatePickerTableRow>
                  ))}
                </DatePickerTableBody>
              </DatePickerTable>
            </>
          );
        }}
      </DatePickerContext>
    </DatePickerView>
  );
}
