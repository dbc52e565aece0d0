/**
 * The calendar parts the kit's date pickers share (Ark DatePicker with Park UI's date-picker
 * recipe): the trigger's calendar icon, the arrows (mirrored right to left), the day view (weeks
 * from the picker's `startOfWeek`, day names in the picker's locale) and the month and year views.
 * Each goes inside a `DatePickerContent`; `classes` is the recipe's slots (`datePicker()`).
 *
 * <DatePickerContent className={classes.content}>
 *   <CalendarDayView classes={classes} prev={t.prev} next={t.next} up upTestId="x-view" />
 *   <CalendarGridView view="month" classes={classes} prev={t.prevYear} next={t.nextYear} up upTestId="x-view-year" />
 *   <CalendarGridView view="year" classes={classes} prev={t.prevDecade} next={t.nextDecade} />
 * </DatePickerContent>
 *
 * With `up`, a view's title is a button that opens the view above it (days → months → years);
 * without it the title is text.
 */
import {
  DatePickerContext,
  DatePickerNextTrigger,
  DatePickerPrevTrigger,
  DatePickerRangeText,
  DatePickerTable,
  DatePickerTableBody,
  DatePickerTableCell,
  DatePickerTableCellTrigger,
  DatePickerTableHead,
  DatePickerTableHeader,
  DatePickerTableRow,
  DatePickerView,
  DatePickerViewControl,
  DatePickerViewTrigger,
} from '@ark-ui/react/date-picker';
import type { ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import type { datePicker } from '../../../styled-system/recipes';
import { Button } from './button';

export type CalendarClasses = ReturnType<typeof datePicker>;

const dayButton = css({ px: '0' });
const arrow = css({ '[dir=rtl] &': { transform: 'scaleX(-1)' } });

function Chevron({ d }: { d: string }) {
  return (
    <svg className={arrow} viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/** The calendar button's icon. */
export function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}

type ViewProps = { classes: CalendarClasses; prev: string; next: string; up?: boolean; upTestId?: string | undefined };

/** A view's title row: the arrows around its title (a button to the view above, with `up`). */
function ViewControl({ classes, prev, next, up = false, upTestId }: ViewProps) {
  return (
    <DatePickerViewControl className={classes.viewControl}>
      <DatePickerPrevTrigger asChild className={classes.prevTrigger}>
        <Button variant="ghost" size="sm" aria-label={prev}>
          <Chevron d="m15 18-6-6 6-6" />
        </Button>
      </DatePickerPrevTrigger>
      {up ? (
        <DatePickerViewTrigger asChild>
          <Button variant="ghost" size="sm" data-testid={upTestId}>
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
  );
}

/** One cell's button. */
function Cell({ classes, className, children }: { classes: CalendarClasses; className?: string; children: ReactNode }) {
  return (
    <DatePickerTableCellTrigger asChild className={cx(classes.tableCellTrigger, className)}>
      <Button variant="ghost" size="sm">
        {children}
      </Button>
    </DatePickerTableCellTrigger>
  );
}

/** The days of a month, a week a row, under the day names. */
export function CalendarDayView(props: ViewProps) {
  const { classes } = props;
  return (
    <DatePickerView view="day" className={classes.view}>
      <DatePickerContext>
        {(api) => (
          <>
            <ViewControl {...props} />
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
                        <Cell classes={classes} className={dayButton}>
                          {day.day}
                        </Cell>
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
  );
}

/**
 * The month view (the months of a year) or the year view (a decade): arrows that move by a year or
 * a decade and a grid of four columns; a choice goes down to the view below it.
 */
export function CalendarGridView({ view, ...props }: ViewProps & { view: 'month' | 'year' }) {
  const { classes } = props;
  return (
    <DatePickerView view={view} className={classes.view}>
      <DatePickerContext>
        {(api) => (
          <>
            <ViewControl {...props} />
            <DatePickerTable className={classes.table}>
              <DatePickerTableBody className={classes.tableBody}>
                {(view === 'month' ? api.getMonthsGrid({ columns: 4, format: 'short' }) : api.getYearsGrid({ columns: 4 })).map((row, i) => (
                  <DatePickerTableRow key={i} className={classes.tableRow}>
                    {row.map((cell) => (
                      <DatePickerTableCell key={cell.value} value={cell.value} className={classes.tableCell}>
                        <Cell classes={classes}>{cell.label}</Cell>
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
  );
}
