/**
 * A list's filters in one compact row (the pipeline's, the contacts table's): the search, a
 * Filters button opening a popover that holds every other filter (the date ranges, the selects,
 * the switches), and the active filters as removable chips that say what they filter
 * ("Created: This week ×"). Presentational: the owner gives the search's value, the chips' texts
 * and what a removal sends (`user.clear` to its filters flow); whether the popover is open is
 * the popover's own (Ark Popover), no flow decides it.
 *
 * <FilterRow label={t.label()} search={{ label: t.search(), value, onChange: (v) => send(...), testId: 'filter-search' }}
 *   chips={[{ id: 'created', text: 'Created: This week', onRemove: () => send({ type: 'user.clear', keys: ['created'] }) }]}
 *   texts={filterRowTexts(LL)} testIdPrefix="filter">
 *   ...the popover's filters...
 * </FilterRow>
 *
 * Test ids (with the prefix): <p>-open (the Filters button), <p>-popover, <p>-popover-close,
 * <p>-chips, <p>-chip-<id>, <p>-chip-<id>-remove; the search's own test id.
 */
import {
  PopoverCloseTrigger,
  PopoverContent,
  PopoverPositioner,
  PopoverRoot,
  PopoverTitle,
  PopoverTrigger,
} from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import type { TranslationFunctions } from '../../i18n/i18n-types';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { FieldFrame, FieldInput } from './field';

export interface FilterRowChip {
  /** Names the chip in test ids. */
  id: string;
  /** What it filters, as shown ("Created: This week"). */
  text: string;
  onRemove: () => void;
}

export interface FilterRowTexts {
  /** The Filters button with no active filter. */
  open: string;
  /** The Filters button with `count` active filters. */
  openCount: (count: number) => string;
  /** The popover's heading. */
  title: string;
  /** The popover's close button. */
  close: string;
  /** Name of the list of chips. */
  chips: string;
  /** The remove button of a chip, named by its text. */
  remove: (text: string) => string;
}

/** The row's texts from the dictionary (the `leads` area: the pipeline and the contacts table load it). */
export const filterRowTexts = (LL: TranslationFunctions): FilterRowTexts => ({
  open: LL.leads.filterRow.open(),
  openCount: (count) => LL.leads.filterRow.openCount({ count }),
  title: LL.leads.filterRow.title(),
  close: LL.leads.filterRow.close(),
  chips: LL.leads.filterRow.chips(),
  remove: (name) => LL.leads.filterRow.remove({ name }),
});

export interface FilterRowProps {
  /** Name of the search region. */
  label: string;
  search: { label: string; value: string; onChange: (value: string) => void; testId: string };
  chips: readonly FilterRowChip[];
  texts: FilterRowTexts;
  /** Prefix of the row's test ids. */
  testIdPrefix: string;
  /** Something after the chips (Clear all). */
  end?: ReactNode;
  /** The filters inside the popover. */
  children: ReactNode;
}

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', minWidth: '0' });
const searchBox = css({ flex: '1 1 14rem', maxWidth: { base: 'none', md: '22rem' }, minWidth: '0' });
/** The search's label is read by assistive technology; the placeholder says it on screen, so the row stays one line. */
const hiddenLabel = css({ '& label': { srOnly: true } });
const chipList = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', m: '0', p: '0', minWidth: '0' });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  maxWidth: 'full',
  minHeight: '8',
  paddingInlineStart: '3',
  paddingInlineEnd: '1',
  borderRadius: 'full',
  bg: 'colorPalette.a3',
  color: 'fg.default',
  textStyle: 'sm',
});
const chipText = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const chipRemove = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  width: '6',
  height: '6',
  borderRadius: 'full',
  cursor: 'pointer',
  _hover: { bg: 'colorPalette.a4' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
});
const positioner = css({ zIndex: 'popover' });
const content = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '4',
  width: 'min(calc(100vw - 2rem), 46rem)',
  maxHeight: 'min(75dvh, 44rem)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  boxShadow: 'lg',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const contentHead = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const title = css({ fontWeight: 'semibold' });

function Cross() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function FilterRow({ label, search, chips, texts, testIdPrefix: p, end, children }: FilterRowProps) {
  return (
    <div role="search" aria-label={label} className={row}>
      <FieldFrame label={search.label} className={`${searchBox} ${hiddenLabel}`}>
        {() => (
          <FieldInput type="search" value={search.value} placeholder={search.label} onChange={(e) => search.onChange(e.currentTarget.value)} data-testid={search.testId} />
        )}
      </FieldFrame>
      <PopoverRoot positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
        <PopoverTrigger asChild>
          <Button variant="outline" data-testid={`${p}-open`}>
            <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M3 5h18M6 12h12M10 19h4" />
            </svg>
            {chips.length > 0 ? texts.openCount(chips.length) : texts.open}
          </Button>
        </PopoverTrigger>
        <Portal>
          <PopoverPositioner className={positioner}>
            <PopoverContent className={content} data-testid={`${p}-popover`}>
              <div className={contentHead}>
                <PopoverTitle className={title}>{texts.title}</PopoverTitle>
                <PopoverCloseTrigger asChild>
                  <Button variant="ghost" size="sm" aria-label={texts.close} data-testid={`${p}-popover-close`}>
                    <Cross />
                  </Button>
                </PopoverCloseTrigger>
              </div>
              {children}
            </PopoverContent>
          </PopoverPositioner>
        </Portal>
      </PopoverRoot>
      {chips.length > 0 ? (
        <ul aria-label={texts.chips} className={chipList} data-testid={`${p}-chips`}>
          {chips.map((c) => (
            <li key={c.id} className={chip} data-testid={`${p}-chip-${c.id}`}>
              <span className={chipText}>{c.text}</span>
              <button type="button" className={chipRemove} aria-label={texts.remove(c.text)} onClick={c.onRemove} data-testid={`${p}-chip-${c.id}-remove`}>
                <Cross />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {end}
    </div>
  );
}
