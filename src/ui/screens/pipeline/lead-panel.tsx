/**
 * One lead panel of the pipeline (SPEC §2 Pipeline: lead panels per tab; §3 Lead list state per
 * tab): the tab's name and counts, its menu (add a lead here, rename, move, delete), and its leads
 * in the kit's virtual list, loading the next page as the list scrolls to its end.
 *
 * Drag and drop (SPEC §4 Lead): every panel's list is a @formkit/drag-and-drop parent of one group,
 * so a card can be dragged onto another panel. The library only reports the gesture (its setup is
 * the one effect here: a third-party widget on the list's element): the lists stay the machine's
 * (`setValues` does nothing). The drop lands in the panel under the pointer when the drag ends,
 * never in one the library saw the card cross on its way (it reports each panel crossed, and the
 * first one a drag crossed would keep the card): the view follows the pointer during a drag that
 * started here and, when it ends over another panel, sends `user.moveLead` with what it shows, the
 * lead and its place in this panel; the pipeline's lead moves show the move at once, save it and
 * roll it back with a notice if the server refuses. A drop in the same panel moves nothing.
 * Keyboard and screen-reader users move a lead from the card's menu (its "Move to" group: arrows
 * look through the tabs, Enter or a click moves, WCAG 3.2.2). After a move the moved card takes
 * the focus in its new panel (WCAG 2.4.3; the pipeline screen's status says where it went).
 *
 * The tab's menu sends to the pipeline (add a lead here, tag or export the tab's leads) and to its tabs flow
 * (rename, move, delete the tab).
 *
 * Test ids: lead-panel-<tabId>, panel-count-<tabId>, panel-menu-<tabId>, panel-retry-<tabId>,
 * lead-card-<leadId>, lead-open-<leadId>, lead-actions-<leadId>,
 * lead-action-(edit|close|reopen|delete|start-chat), lead-action-move-<tabId> (the card menu's Move
 * to group), panel-tag-leads-<tabId> (the menu's batch tagging: every
 * open lead of the tab, SPEC §7 Tags batch update, in the tags area's BatchTagDialog),
 * panel-export-<tabId> (the menu's "Export this tab": the pipeline's export, ./pipeline-export.tsx).
 */
import { animations, dragAndDrop, tearDown } from '@formkit/drag-and-drop';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { NO_TAB_ID, type Lead, type Tab } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { LastMove } from '../../../machines/lead-moves.machine';
import type { LeadPanelActorRef } from '../../../machines/lead-panel.machine';
import type { PipelineActorRef } from '../../../machines/pipeline.machine';
import type { PipelineTabsActorRef } from '../../../machines/pipeline-tabs.machine';
import { Button } from '../../components/button';
import { MenuContent, MenuItem, MenuItemGroup, MenuItemGroupLabel, MenuPortal, MenuPositioner, MenuRoot, MenuSeparator, MenuTrigger } from '../../components/menu';
import { UserText } from '../../components/user-text';
import { sensitive } from '../../components/sensitive';
import { visibleText } from '../../components/visible-text';
import { VirtualList } from '../../components/virtual-list';
import { useStartChat } from '../sync/start-chat';

/** The value of a card menu's Move to item: this, then the tab's id. */
const MOVE_ITEM = 'move:';
/** The drag-and-drop group every panel belongs to: cards move between any two panels. */
const DRAG_GROUP = 'pipeline-leads';
/** Height of a card row in the virtual list (fixed, so 10,000 rows cost nothing to lay out). */
export const CARD_ROW_HEIGHT = 114;

const panelClass = css({
  display: 'flex',
  flexDirection: 'column',
  flex: '0 0 auto',
  width: { base: '80vw', sm: '72' },
  maxWidth: '80',
  bg: 'bg.subtle',
  borderRadius: 'l3',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  minHeight: '0',
});
const panelHead = css({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '2',
  p: '3',
  pb: '2',
});
const panelName = css({
  fontWeight: 'semibold',
  textStyle: 'md',
  overflowWrap: 'anywhere',
});
const countText = css({ textStyle: 'xs', color: 'fg.muted' });
const stateText = css({
  p: '4',
  textAlign: 'center',
  color: 'fg.muted',
  textStyle: 'sm',
});
/**
 * A menu stays inside the window: on a phone a card's menu (its actions and every tab to move to)
 * is taller than the room above or below the card, so it takes the room there is and scrolls.
 */
const menuFits = css({ maxHeight: 'var(--available-height)', overflowY: 'auto' });
const iconButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '8',
  height: '8',
  flexShrink: '0',
  borderRadius: 'l2',
  cursor: 'pointer',
  color: 'fg.muted',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const cardWrap = css({ px: '2', pb: '2', height: 'full' });
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  height: 'full',
  p: '3',
  bg: 'bg.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  boxShadow: 'xs',
  cursor: 'grab',
  '&[data-closed]': { opacity: '0.7' },
});
const cardTop = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minWidth: '0',
});
const cardName = css({
  flex: '1',
  minWidth: '0',
  textAlign: 'start',
  fontWeight: 'medium',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  color: 'fg.default',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const cardLine = css({
  textStyle: 'xs',
  lineHeight: '1.25rem',
  minHeight: '1.25rem',
  flexShrink: '0',
  color: 'fg.muted',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const badges = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  flexWrap: 'nowrap',
  overflow: 'hidden',
  flexShrink: '0',
  minHeight: '1.25rem',
});
const badge = css({
  textStyle: 'xs',
  px: '1.5',
  borderRadius: 'l1',
  bg: 'bg.muted',
  color: 'fg.default',
  whiteSpace: 'nowrap',
});
const waitingBadge = css({
  bg: 'colorPalette.subtle.bg',
  color: 'colorPalette.subtle.fg',
});

/** The tab of the panel under a point of the screen (its section carries `data-drop-tab`), if any. */
const panelAt = (x: number, y: number): number | null => {
  const section = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-drop-tab]');
  return section ? Number(section.dataset.dropTab) : null;
};
/** What reports where the pointer is during a drag: native drags (a mouse) and the library's own (touch). */
const POINTER_EVENTS = ['dragover', 'drop', 'pointermove', 'pointerup'] as const;

export type PanelProps = {
  pipeline: PipelineActorRef;
  /** The pipeline's tabs flow (rename, move and delete a tab). */
  tabsFlow: PipelineTabsActorRef | undefined;
  panel: LeadPanelActorRef;
  tab: Tab;
  tabs: readonly Tab[];
  /** Position among the custom tabs (for move earlier/later); -1 for No tabs. */
  customIndex: number;
  customCount: number;
  counts: { openCount: number; awaitReplyCount: number } | undefined;
  /** CSS height of the list area. */
  listHeight: string;
  formatDate: (ms: number) => string;
  /** The last move shown, when it put a lead in this panel: that card takes the focus (WCAG 2.4.3). */
  moved: LastMove | null;
};

/** The tab's display name: No tabs (id 0) in the reader's language. */
export const useTabName = () => {
  const { LL } = useI18nContext();
  return useCallback((tab: Tab) => (tab.id === NO_TAB_ID ? LL.pipeline.panel.noTabs() : tab.name), [LL]);
};

/** A card's move to another tab, with its place in the panel (what the rollback restores). */
type MoveTo = (lead: Lead, toTabId: number) => void;

export function LeadPanel({ pipeline, tabsFlow, panel, tab, tabs, customIndex, customCount, counts, listHeight, formatDate, moved }: PanelProps) {
  const { LL } = useI18nContext();
  const t = LL.pipeline;
  const tabName = useTabName();
  const name = tabName(tab);
  const leads = useSelector(panel, (s) => s.context.leads);
  const loading = useSelector(panel, (s) => s.hasTag('loading'));
  const loadingMore = useSelector(panel, (s) => s.hasTag('loadingMore'));
  const failed = useSelector(panel, (s) => s.hasTag('failed'));

  // The leads on screen for the drag library's getValues (rows are found by their data-index) and
  // for a move's place in this panel.
  const leadsRef = useRef(leads);
  leadsRef.current = leads;
  const moveTo = useCallback<MoveTo>(
    (lead, toTabId) => {
      const index = Math.max(0, leadsRef.current.findIndex((l) => l.id === lead.id));
      pipeline.send({ type: 'user.moveLead', lead, fromTabId: tab.id, toTabId, index });
    },
    [pipeline, tab.id],
  );
  // A drag ended over another panel: the dragged lead (by its id) moves there.
  const dropped = useEffectEvent((leadId: string, toTabId: number) => {
    const lead = leadsRef.current.find((l) => l.id === leadId);
    if (lead && toTabId !== tab.id) moveTo(lead, toTabId);
  });
  const listEl = useRef<HTMLDivElement | null>(null);
  const setListEl = useCallback(
    (el: HTMLDivElement | null) => {
      if (el) el.dataset.tabId = String(tab.id);
      listEl.current = el;
    },
    [tab.id],
  );

  useEffect(() => {
    const parent = listEl.current;
    if (!parent) return;
    // The row the drag started on names the lead (by its key): the library's own values are the
    // rows it saw when it last mapped the list, and a virtual list renders other rows as it scrolls.
    let dragged: string | null = null;
    // Where the pointer was last seen since a press here: the drop target is the panel under it.
    let pointer: { x: number; y: number } | null = null;
    const follow = (event: Event) => {
      const { clientX = 0, clientY = 0 } = event as MouseEvent;
      pointer = { x: clientX, y: clientY };
    };
    const stopFollowing = () => {
      for (const type of POINTER_EVENTS) document.removeEventListener(type, follow, true);
    };
    const onStart = (event: Event) => {
      dragged = (event.target as HTMLElement | null)?.closest<HTMLElement>('[data-key]')?.dataset.key ?? null;
      for (const type of POINTER_EVENTS) document.addEventListener(type, follow, { capture: true, passive: true });
    };
    parent.addEventListener('dragstart', onStart, true);
    parent.addEventListener('pointerdown', onStart, true);
    dragAndDrop<Lead | undefined>({
      parent,
      getValues: (el) => Array.from(el.children).map((child) => leadsRef.current[Number((child as HTMLElement).dataset.index)]),
      // The lists are the machine's: the library's own rearranging is not applied.
      setValues: () => undefined,
      config: {
        group: DRAG_GROUP,
        sortable: false,
        draggable: (child) => child.getAttribute('role') === 'listitem',
        plugins: [animations()],
        // The panels the library saw the card cross keep nothing: only where the drag ends counts.
        onDragend: () => {
          const leadId = dragged;
          const at = pointer;
          dragged = null;
          pointer = null;
          stopFollowing();
          const to = at ? panelAt(at.x, at.y) : null;
          if (leadId && to !== null) dropped(leadId, to);
        },
      },
    });
    return () => {
      stopFollowing();
      parent.removeEventListener('dragstart', onStart, true);
      parent.removeEventListener('pointerdown', onStart, true);
      tearDown(parent);
    };
  }, []);

  const onEndReached = useCallback(() => panel.send({ type: 'user.loadMore' }), [panel]);

  return (
    <section className={panelClass} aria-label={visibleText(name)} data-testid={`lead-panel-${tab.id}`} data-drop-tab={tab.id}>
      <header className={panelHead}>
        <div>
          <h3 className={panelName}>
            <UserText text={name} />
          </h3>
          <p className={countText} data-testid={`panel-count-${tab.id}`} data-open={counts?.openCount ?? ''} data-waiting={counts?.awaitReplyCount ?? ''}>
            {counts
              ? t.panel.counts({
                  open: counts.openCount,
                  waiting: counts.awaitReplyCount,
                })
              : '\u00a0'}
          </p>
        </div>
        <MenuRoot
          onSelect={(d) => {
            if (d.value === 'add') pipeline.send({ type: 'user.addLead', tabId: tab.id });
            if (d.value === 'rename') tabsFlow?.send({ type: 'user.renameTab', tab });
            if (d.value === 'earlier') tabsFlow?.send({ type: 'user.moveTab', tabId: tab.id, direction: -1 });
            if (d.value === 'later') tabsFlow?.send({ type: 'user.moveTab', tabId: tab.id, direction: 1 });
            if (d.value === 'delete') tabsFlow?.send({ type: 'user.deleteTab', tab });
            // Every open lead of the tab: as many as its count says (or as the panel shows).
            if (d.value === 'tag') pipeline.send({ type: 'user.tagLeads', tabId: tab.id, count: counts?.openCount ?? leads.length });
            if (d.value === 'export') pipeline.send({ type: 'user.export', scope: 'tab', tabId: tab.id });
          }}
          positioning={{ placement: 'bottom-end', fitViewport: true }}
          lazyMount
          unmountOnExit
        >
          <MenuTrigger className={iconButton} aria-label={t.panel.menu({ tab: visibleText(name) })} data-testid={`panel-menu-${tab.id}`}>
            <MoreIcon />
          </MenuTrigger>
          <MenuPortal>
            <MenuPositioner>
              <MenuContent className={menuFits}>
                <MenuItem value="add">{t.panel.addLead()}</MenuItem>
                <MenuItem value="tag" data-testid={`panel-tag-leads-${tab.id}`}>
                  {LL.tags.batch.titleLeads()}
                </MenuItem>
                <MenuItem value="export" data-testid={`panel-export-${tab.id}`}>
                  {t.export.tab()}
                </MenuItem>
                {tab.id !== NO_TAB_ID ? (
                  <>
                    <MenuItem value="rename">{t.panel.rename()}</MenuItem>
                    <MenuItem value="earlier" disabled={customIndex <= 0}>
                      {t.panel.moveEarlier()}
                    </MenuItem>
                    <MenuItem value="later" disabled={customIndex >= customCount - 1}>
                      {t.panel.moveLater()}
                    </MenuItem>
                    <MenuItem value="delete">{t.panel.delete()}</MenuItem>
                  </>
                ) : null}
              </MenuContent>
            </MenuPositioner>
          </MenuPortal>
        </MenuRoot>
      </header>

      {failed && leads.length === 0 ? (
        <div className={stateText} role="alert">
          <p>{t.panel.failed()}</p>
          <Button size="sm" variant="outline" onClick={() => panel.send({ type: 'user.retry' })} data-testid={`panel-retry-${tab.id}`}>
            {t.retry()}
          </Button>
        </div>
      ) : null}
      {loading && leads.length === 0 ? (
        <p className={stateText} role="status">
          {t.panel.loading()}
        </p>
      ) : null}
      {!loading && !failed && leads.length === 0 ? <p className={stateText}>{t.panel.empty()}</p> : null}

      <VirtualList
        label={t.panel.list({ tab: visibleText(name) })}
        items={leads}
        getKey={(lead) => lead.id}
        rowHeight={CARD_ROW_HEIGHT}
        height={leads.length === 0 ? '6rem' : listHeight}
        listRef={setListEl}
        fill
        focusRequest={moved ? { key: moved.leadId, seq: moved.count } : null}
        onEndReached={onEndReached}
        onActivate={(lead) => pipeline.send({ type: 'user.editLead', lead })}
        itemTestId={(lead) => `lead-card-${lead.id}`}
        footer={loadingMore ? t.panel.loadingMore() : null}
        renderItem={(lead) => <LeadCard lead={lead} tabs={tabs} pipeline={pipeline} moveTo={moveTo} formatDate={formatDate} />}
      />
    </section>
  );
}

type LeadCardProps = { lead: Lead; tabs: readonly Tab[]; pipeline: PipelineActorRef; moveTo: MoveTo; formatDate: (ms: number) => string };

/**
 * One lead's card. Memoised: its props change only with the lead, the tab list or the language,
 * so a panel's own updates (a reload, the next page, a count) do not re-render every card.
 */
const LeadCard = memo(function LeadCard({ lead, tabs, pipeline, moveTo, formatDate }: LeadCardProps) {
  const { LL } = useI18nContext();
  const t = LL.pipeline.card;
  const tabName = useTabName();
  const stage = lead.stage ? LL.leads.stage[lead.stage]() : null;
  // The company is the lead's own text (isolated, its controls shown); the stage is the page's words.
  const company = lead.companyName || stage ? (
    <>
      {lead.companyName ? <UserText {...sensitive} text={lead.companyName} /> : null}
      {lead.companyName && stage ? ' · ' : null}
      {stage}
    </>
  ) : null;
  // Start chat: the chat-sync flow asks the extension to open this lead's chat (null without a phone).
  const startChat = useStartChat(lead.phone);
  return (
    <div className={cardWrap}>
      <article className={card} data-closed={lead.isClosed ? '' : undefined}>
        <div className={cardTop}>
          <button type="button" className={cardName} onClick={() => pipeline.send({ type: 'user.editLead', lead })} data-testid={`lead-open-${lead.id}`}>
            <UserText {...sensitive} text={lead.name} />
          </button>
          <MenuRoot
            onSelect={(d) => {
              if (d.value === 'edit') pipeline.send({ type: 'user.editLead', lead });
              if (d.value === 'close') pipeline.send({ type: 'user.closeLead', lead });
              if (d.value === 'reopen') pipeline.send({ type: 'user.reopenLead', lead });
              if (d.value === 'delete') pipeline.send({ type: 'user.deleteLead', lead });
              if (d.value === 'startChat') startChat?.();
              // A tab of the Move to group: moved on this deliberate choice only (Enter or a click).
              if (d.value.startsWith(MOVE_ITEM)) moveTo(lead, Number(d.value.slice(MOVE_ITEM.length)));
            }}
            positioning={{ placement: 'bottom-end', fitViewport: true }}
            lazyMount
            unmountOnExit
          >
            <MenuTrigger className={iconButton} aria-label={t.actions({ name: visibleText(lead.name) })} data-testid={`lead-actions-${lead.id}`}>
              <MoreIcon />
            </MenuTrigger>
            <MenuPortal>
              <MenuPositioner>
                <MenuContent className={menuFits}>
                  <MenuItem value="edit" data-testid="lead-action-edit">
                    {t.edit()}
                  </MenuItem>
                  {startChat ? (
                    <MenuItem value="startChat" data-testid="lead-action-start-chat">
                      {LL.sync.chat.start()}
                    </MenuItem>
                  ) : null}
                  {lead.isClosed ? (
                    <MenuItem value="reopen" data-testid="lead-action-reopen">
                      {t.reopen()}
                    </MenuItem>
                  ) : (
                    <MenuItem value="close" data-testid="lead-action-close">
                      {t.close()}
                    </MenuItem>
                  )}
                  <MenuItem value="delete" data-testid="lead-action-delete">
                    {t.delete()}
                  </MenuItem>
                  {/* The keyboard's way to move a lead (a drag's twin): the other tabs, each one menu item. */}
                  <MenuSeparator />
                  <MenuItemGroup id={`lead-move-${lead.id}`}>
                    <MenuItemGroupLabel>{t.moveTo()}</MenuItemGroupLabel>
                    {tabs
                      .filter((tab) => tab.id !== lead.tabId)
                      .map((tab) => (
                        <MenuItem key={tab.id} value={`${MOVE_ITEM}${tab.id}`} data-testid={`lead-action-move-${tab.id}`}>
                          <UserText text={tabName(tab)} />
                        </MenuItem>
                      ))}
                  </MenuItemGroup>
                </MenuContent>
              </MenuPositioner>
            </MenuPortal>
          </MenuRoot>
        </div>
        <div className={badges}>
          {lead.awaitReply ? <span className={cx(badge, waitingBadge)}>{t.awaiting()}</span> : null}
          {lead.isClosed ? <span className={badge}>{t.closed()}</span> : null}
          {company ? <span className={cardLine}>{company}</span> : null}
        </div>
        <p className={cardLine}>{lead.lastMessageTime !== null ? t.lastMessage({ date: formatDate(lead.lastMessageTime) }) : t.created({ date: formatDate(lead.createTime) })}</p>
      </article>
    </div>
  );
});

function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
