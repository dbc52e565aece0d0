/**
 * Page navigation on Ark's Pagination (parts imported by name) with Park UI's pagination recipe.
 * Controlled: `page` comes from the owner, a click goes out through `onPageChange`. Arrows mirror
 * under right-to-left. Test ids: pagination-prev, pagination-next, pagination-page-<n>.
 *
 * <Pagination count={total} pageSize={20} page={page} onPageChange={(p) => send({ type: 'page', page: p })}
 *   labels={{ root: t.pages(), prev: t.previous(), next: t.next(), page: (n) => t.pageN({ n }) }} />
 */
import {
  PaginationContext,
  PaginationEllipsis,
  PaginationItem,
  PaginationNextTrigger,
  PaginationPrevTrigger,
  PaginationRoot,
} from '@ark-ui/react/pagination';
import { css, cx } from '../../../styled-system/css';
import { pagination } from '../../../styled-system/recipes';
import { Button } from './button';

export interface PaginationLabels {
  /** Name of the navigation landmark, e.g. "Pages". */
  root: string;
  prev: string;
  next: string;
  /** Name of a page button, e.g. (3) => "Page 3". */
  page: (page: number) => string;
}

export interface PaginationProps {
  /** Total number of items (not pages). */
  count: number;
  pageSize: number;
  /** Current page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
  siblingCount?: number;
  disabled?: boolean;
  className?: string;
  'data-testid'?: string;
}

const root = css({ flexWrap: 'wrap', alignItems: 'center' });
// The arrows point along the reading direction.
const arrow = css({ '[dir=rtl] &': { transform: 'scaleX(-1)' } });

function Arrow({ d }: { d: string }) {
  return (
    <svg className={arrow} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

export function Pagination({ count, pageSize, page, onPageChange, labels, siblingCount = 1, disabled = false, className, ...rest }: PaginationProps) {
  const classes = pagination();
  return (
    <PaginationRoot
      className={cx(classes.root, root, className)}
      count={count}
      pageSize={pageSize}
      page={page}
      siblingCount={siblingCount}
      onPageChange={(details) => onPageChange(details.page)}
      translations={{ rootLabel: labels.root, prevTriggerLabel: labels.prev, nextTriggerLabel: labels.next, itemLabel: (d) => labels.page(d.page) }}
      aria-label={labels.root}
      data-testid={rest['data-testid']}
    >
      <PaginationPrevTrigger asChild className={classes.prevTrigger}>
        <Button variant="outline" size="sm" aria-label={labels.prev} disabled={disabled || page <= 1} data-testid="pagination-prev">
          <Arrow d="m15 18-6-6 6-6" />
        </Button>
      </PaginationPrevTrigger>
      <PaginationContext>
        {(api) =>
          api.pages.map((item, index) =>
            item.type === 'page' ? (
              <PaginationItem key={`page-${item.value}`} {...item} asChild className={classes.item}>
                {/* Park UI's outline button paints [data-selected] (set by Ark on the current page) in the accent. */}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={labels.page(item.value)}
                  aria-current={item.value === page ? 'page' : undefined}
                  disabled={disabled}
                  data-testid={`pagination-page-${item.value}`}
                >
                  {item.value}
                </Button>
              </PaginationItem>
            ) : (
              <PaginationEllipsis key={`ellipsis-${index}`} index={index} className={classes.ellipsis}>
                &#8230;
              </PaginationEllipsis>
            ),
          )
        }
      </PaginationContext>
      <PaginationNextTrigger asChild className={classes.nextTrigger}>
        <Button variant="outline" size="sm" aria-label={labels.next} disabled={disabled || page >= Math.max(1, Math.ceil(count / pageSize))} data-testid="pagination-next">
          <Arrow d="m9 18 6-6-6-6" />
        </Button>
      </PaginationNextTrigger>
    </PaginationRoot>
  );
}
