/**
 * The tags screen's filter row (SPEC §2: /tags takes an optional filters parameter, kept in the URL
 * as on /contacts), drawn from the tags flow's child `filters` (src/machines/tag-filters.ts): the
 * search (debounced by the filters flow, which shows what is typed at once), a Filters popover with
 * the tag type and "Active types only", and the active filters as removable chips.
 *
 * Test ids: tags-filter-search, tags-filter-type, tags-filter-active, tags-filter-clear, and the
 * filter row's (prefix tags-filter: tags-filter-open, tags-filter-popover, tags-filter-chip-<id> ...).
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import type { TagType } from '../../../contract/tags';
import { useI18nContext } from '../../../i18n/i18n-react';
import { appliedFilters, shownFilters } from '../../../machines/filter-url.machine';
import { isTagFiltered, tagChips, type TagChipId, type TagFilterActorRef, type TagFilters } from '../../../machines/tag-filters';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FilterRow, filterRowTexts } from '../../components/filter-row';
import { SimpleSelect } from '../../components/select';
import { visibleText } from '../../components/visible-text';

const popoverBody = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const ALL = 'all';

export function TagsFilterBar({ flow, types }: { flow: TagFilterActorRef; types: readonly TagType[] }) {
  const { LL } = useI18nContext();
  const t = LL.tags.filters;
  const filters = useSelector(flow, (s) => shownFilters<TagFilters>(s));
  const applied = useSelector(flow, (s) => appliedFilters<TagFilters>(s));
  const filterNow = (patch: Partial<TagFilters>) => flow.send({ type: 'user.filterNow', patch });
  const typeName = (id: number | null) => visibleText(types.find((x) => x.id === id)?.name ?? '');
  const chipText = (id: TagChipId): string => (id === 'typeId' ? t.chipType({ name: typeName(applied.typeId) }) : t.activeOnly());
  const chips = tagChips(applied).map((c) => ({ id: c.id, text: chipText(c.id), onRemove: () => flow.send({ type: 'user.clear', keys: c.keys }) }));
  return (
    <FilterRow
      label={t.label()}
      search={{ label: t.search(), value: filters.search, onChange: (search) => flow.send({ type: 'user.filter', patch: { search } }), testId: 'tags-filter-search' }}
      chips={chips}
      texts={filterRowTexts(LL)}
      testIdPrefix="tags-filter"
      end={
        isTagFiltered(applied) ? (
          <Button variant="ghost" size="sm" onClick={() => filterNow({ search: '', typeId: null, activeOnly: false })} data-testid="tags-filter-clear">
            {t.clear()}
          </Button>
        ) : null
      }
    >
      <div className={popoverBody}>
        <SimpleSelect
          label={t.type()}
          options={[{ value: ALL, label: t.allTypes() }, ...types.map((x) => ({ value: String(x.id), label: visibleText(x.name) }))]}
          value={filters.typeId === null ? ALL : String(filters.typeId)}
          onValueChange={(v) => v && filterNow({ typeId: v === ALL ? null : Number(v) })}
          data-testid="tags-filter-type"
        />
        <Checkbox checked={filters.activeOnly} onCheckedChange={(c) => filterNow({ activeOnly: c })} data-testid="tags-filter-active">
          {t.activeOnly()}
        </Checkbox>
      </div>
    </FilterRow>
  );
}
