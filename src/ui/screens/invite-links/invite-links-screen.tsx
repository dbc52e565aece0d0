/**
 * /invite-link/:id (SPEC §2, hidden from the menu; §3 Invite link; §5; §8; §9 20 a page): the
 * member's invite links of one type, `group` or `chat` (the two tabs; the URL's `:id`), on the
 * kit's data table with pagination: name, links, distribution, clicks yesterday / last week / last
 * month (in the person's time zone), the short link with Copy, Edit and Delete; the name opens
 * the link's detail. Add and Edit open the form dialog (./invite-link-form-dialog.tsx), Delete a
 * confirmation, the name the detail dialog (./invite-link-detail-dialog.tsx, named by the URL's
 * `?link=`). Driven by the invite-links flow (src/machines/invite-links.machine.ts), which owns
 * the dialogs' flows and the URL; the view reads its tags and context and sends what the person
 * does. Names and links the person typed are shown inert (UserText).
 *
 * Test ids: invite-links-page, invite-links-tab-<group|chat>, invite-links-add, invite-links-table,
 * invite-link-row-<name>, invite-link-details-<id> (the name's button), invite-link-copy-<id>,
 * invite-link-edit-<id>, invite-link-delete-<id>, invite-links-retry, invite-links-pages,
 * invite-link-confirm-delete, confirm-ok, confirm-cancel; the table's table-loading-row,
 * table-empty-row, table-error-row, table-retry; the pagination's pagination-prev/-next/-page-<n>.
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../../styled-system/css';
import { SHARE_LINKS_PAGE_SIZE, shareLinkTypes, type ShareLink } from '../../../contract/share-links';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { InviteLinkDetailActorRef } from '../../../machines/invite-link-detail.machine';
import type { InviteLinkFormActorRef } from '../../../machines/invite-link-form.machine';
import type { InviteLinksActorRef } from '../../../machines/invite-links.machine';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ModalDialog } from '../../components/dialog';
import { Heading, Text } from '../../components/heading';
import { Pagination } from '../../components/pagination';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../components/tabs';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { InviteLinkDetailDialog } from './invite-link-detail-dialog';
import { InviteLinkFormDialog } from './invite-link-form-dialog';
import { row } from './invite-link-parts';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '4', md: '8' }, maxWidth: '6xl', minInlineSize: '0' });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' });
const tabPanel = css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '4', minInlineSize: '0' });
const nameCell = css({ display: 'block', overflowWrap: 'break-word', minInlineSize: '6rem', maxInlineSize: '14rem' });
const nameButton = css({
  all: 'unset',
  cursor: 'pointer',
  color: 'colorPalette.text',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  textAlign: 'start',
  borderRadius: 'l1',
  _hover: { textDecorationThickness: '2px' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  _disabled: { cursor: 'default', opacity: '0.7' },
});
const urlCell = css({ display: 'flex', gap: '2', alignItems: 'center' });
/** The short link on one line (the table scrolls within itself on a phone); the whole URL is its title and the detail's. */
const shortUrlText = css({ fontFamily: 'mono', textStyle: 'sm', whiteSpace: 'nowrap' });
const number = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const rowActions = css({ display: 'flex', gap: '1', flexWrap: 'nowrap', alignItems: 'center' });
const pager = css({ display: 'flex', justifyContent: 'flex-end' });

/**
 * A short link as the table shows it: its path (`/l/<code>`), the host being the same on every row;
 * the whole URL is its title, what Copy copies and what the detail shows.
 */
const shortPathOf = (url: string): string => {
  const m = /^https?:\/\/[^/]+(\/.*)$/.exec(url);
  return m ? m[1]! : url;
};

export function InviteLinksScreen() {
  const ref = useFlow('inviteLinks');
  return ref ? <InviteLinksView flow={ref} /> : null;
}

function InviteLinksView({ flow: ref }: { flow: InviteLinksActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.inviteLinks;
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const confirmDelete = useSelector(ref, (s) => s.hasTag('confirmDelete'));
  const copying = useSelector(ref, (s) => s.hasTag('copying'));
  const { type, items, total, page: current, target } = useSelector(ref, (s) => s.context);
  const form = useSelector(ref, (s) => s.children.inviteLinkForm as InviteLinkFormActorRef | undefined);
  const detail = useSelector(ref, (s) => s.children.inviteLinkDetail as InviteLinkDetailActorRef | undefined);
  const numbers = useMemo(() => new Intl.NumberFormat(locale), [locale]);

  const columns = useMemo<DataTableColumn<ShareLink>[]>(
    () => [
      {
        id: 'name',
        header: t.columns.name(),
        // The name opens the link's detail (its counts, funnel and chart).
        cell: (l) => (
          <button
            type="button"
            className={nameButton}
            disabled={busy}
            aria-label={t.detailsOf({ name: visibleText(l.name) })}
            title={t.details()}
            onClick={() => ref.send({ type: 'user.details', id: l.id })}
            data-testid={`invite-link-details-${l.id}`}
          >
            <UserText className={nameCell} text={l.name} />
          </button>
        ),
      },
      { id: 'links', header: t.columns.links(), align: 'end', cell: (l) => <span className={number}>{numbers.format(l.linkCount)}</span> },
      { id: 'distribution', header: t.columns.distribution(), cell: (l) => t.distribution[l.distribution]() },
      ...(['yesterday', 'lastWeek', 'lastMonth'] as const).map(
        (k): DataTableColumn<ShareLink> => ({ id: k, header: t.columns[k](), align: 'end', cell: (l) => <span className={number}>{numbers.format(l.clicks[k])}</span> }),
      ),
      {
        id: 'shortUrl',
        header: t.columns.shortUrl(),
        cell: (l) => (
          <span className={urlCell}>
            <bdi dir="ltr" className={shortUrlText} title={l.shortUrl}>
              {shortPathOf(l.shortUrl)}
            </bdi>
            <Button
              size="xs"
              variant="outline"
              disabled={copying}
              aria-label={t.copyOf({ name: visibleText(l.name) })}
              onClick={() => ref.send({ type: 'user.copy', url: l.shortUrl })}
              data-testid={`invite-link-copy-${l.id}`}
            >
              {t.copy()}
            </Button>
          </span>
        ),
      },
      {
        id: 'actions',
        header: t.columns.actions(),
        hideHeader: true,
        cell: (l) => (
          <div className={rowActions}>
            <Button size="xs" variant="outline" disabled={busy} aria-label={t.editOf({ name: visibleText(l.name) })} onClick={() => ref.send({ type: 'user.edit', link: l })} data-testid={`invite-link-edit-${l.id}`}>
              {t.edit()}
            </Button>
            <Button size="xs" variant="ghost" disabled={busy} aria-label={t.deleteOf({ name: visibleText(l.name) })} onClick={() => ref.send({ type: 'user.delete', link: l })} data-testid={`invite-link-delete-${l.id}`}>
              {t.delete()}
            </Button>
          </div>
        ),
      },
    ],
    [t, ref, busy, copying, numbers],
  );

  return (
    <section className={page} data-testid="invite-links-page" aria-busy={busy}>
      <div className={head}>
        <div>
          <Heading as="h1" size="2xl">
            {t.title()}
          </Heading>
          <Text muted>{t.lead()}</Text>
        </div>
        <Button onClick={() => ref.send({ type: 'user.add' })} data-testid="invite-links-add">
          {t.add()}
        </Button>
      </div>

      <TabsRoot value={type} onValueChange={(d) => ref.send({ type: 'user.tab', tab: d.value === 'chat' ? 'chat' : 'group' })} lazyMount unmountOnExit>
        <TabsList aria-label={t.tabs.label()}>
          {shareLinkTypes.map((k) => (
            <TabsTrigger key={k} value={k} data-testid={`invite-links-tab-${k}`}>
              {t.tabs[k]()}
            </TabsTrigger>
          ))}
        </TabsList>
        {shareLinkTypes.map((k) => (
          <TabsContent key={k} value={k} className={tabPanel}>
            {failed && items.length > 0 ? (
              // The page on screen stays; the table's own error row is for a list with nothing to show.
              <div className={row}>
                <InlineAlert status="error" title={t.loadFailed()} />
                <Button variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="invite-links-retry">
                  {t.retry()}
                </Button>
              </div>
            ) : null}
            <DataTable
              label={t.table[k]()}
              columns={columns}
              data={items}
              getRowId={(l) => l.id}
              rowTestId={(l) => `invite-link-row-${l.name}`}
              status={failed && items.length === 0 ? 'error' : loading ? 'loading' : 'ready'}
              onRetry={() => ref.send({ type: 'user.retry' })}
              texts={{ empty: t.empty[k](), loading: t.loading(), error: t.loadFailed(), retry: t.retry() }}
              data-testid="invite-links-table"
            />
            {total > SHARE_LINKS_PAGE_SIZE || current > 1 ? (
              <div className={pager} data-testid="invite-links-pages">
                <Pagination
                  count={total}
                  pageSize={SHARE_LINKS_PAGE_SIZE}
                  page={current}
                  disabled={busy}
                  onPageChange={(p) => ref.send({ type: 'user.page', page: p })}
                  labels={{ root: t.pages.label(), prev: t.pages.previous(), next: t.pages.next(), page: (n) => t.pages.page({ page: n }) }}
                />
              </div>
            ) : null}
          </TabsContent>
        ))}
      </TabsRoot>

      {form ? <InviteLinkFormDialog flow={form} /> : null}
      {detail ? <InviteLinkDetailDialog flow={detail} onClose={() => ref.send({ type: 'user.closeDetails' })} /> : null}
      <ModalDialog
        open={confirmDelete}
        onClose={() => ref.send({ type: 'user.cancel' })}
        title={target ? <UserSentence sentence={(name) => t.confirmDelete.title({ name })} text={target.name} /> : ''}
        description={t.confirmDelete.body()}
        role="alertdialog"
        data-testid="invite-link-confirm-delete"
        footer={
          <>
            <Button variant="outline" disabled={busy} onClick={() => ref.send({ type: 'user.cancel' })} data-testid="confirm-cancel">
              {t.confirmDelete.cancel()}
            </Button>
            <Button loading={busy} onClick={() => ref.send({ type: 'user.confirm' })} data-testid="confirm-ok">
              {t.confirmDelete.ok()}
            </Button>
          </>
        }
      />
    </section>
  );
}
