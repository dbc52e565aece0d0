/**
 * The member's panels beside the open chat (SPEC §2 quick reply, auto reply and schedule message
 * panels): three tabs (Quick replies, Auto reply, Schedules) in one side panel. Renders the chat
 * tools flow (src/machines/chat-tools.machine.ts), a child of the conversations, and each tab's
 * panel from the flow's children. On a wide screen the panel is a column beside the chat, collapsed
 * and opened with the Tools button; on a phone it opens as a sheet (a modal dialog: focus kept
 * inside, Escape closes it). The tabs take the arrow keys (Ark Tabs, mirrored right to left).
 *
 * Test ids: tools-toggle, tools-panel, tools-sheet, tools-close, tools-tab-<tab>, tools-chat.
 */
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { useI18nContext } from '../../../i18n/i18n-react';
import { toolTabs, type ChatToolsActorRef, type ToolTab } from '../../../machines/chat-tools.machine';
import type { AutoReplyPanelActorRef } from '../../../machines/auto-reply-panel.machine';
import type { QuickReplyPanelActorRef } from '../../../machines/quick-reply-panel.machine';
import type { SchedulesActorRef } from '../../../machines/schedule.machine';
import { Button } from '../../components/button';
import { DialogBackdrop, DialogCloseTrigger, DialogContent, DialogPositioner, DialogRoot, DialogTitle } from '../../components/dialog';
import { TabsContent, TabsIndicator, TabsList, TabsRoot, TabsTrigger } from '../../components/tabs';
import { UserSentence } from '../../components/user-text';
import { sensitive } from '../../components/sensitive';
import { AutoReplyPanel } from './auto-reply-panel';
import { QuickReplyPanel } from './quick-reply-panel';
import { SchedulesPanel } from './schedules-panel';

/** The id the Tools button controls (the column or the sheet). */
const PANEL_ID = 'chat-tools-panel';

const column = css({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '0',
  minWidth: '0',
  height: 'full',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  overflow: 'hidden',
});
const head = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  px: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const headText = css({ display: 'flex', flexDirection: 'column', minWidth: '0' });
const title = css({ fontWeight: 'semibold', textStyle: 'sm' });
const forChat = css({ textStyle: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const tabsRoot = css({ display: 'flex', flexDirection: 'column', flex: '1', minHeight: '0', gap: '0' });
/** The three tabs share the width (no gap, small padding: the Arabic labels fit in the column at 390 px too). */
const tabsList = css({ flexShrink: '0', px: '1', gap: '0!', overflowX: 'auto', overflowY: 'hidden' });
const tabTrigger = css({ flex: '1 1 auto', minWidth: 'fit-content', px: '1.5!', textStyle: 'sm' });
const tabContent = css({ flex: '1', minHeight: '0', overflowY: 'auto', p: '0', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' } });
const closeButton = css({
  width: '8',
  height: '8',
  flexShrink: '0',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: 'l2',
  color: 'fg.muted',
  cursor: 'pointer',
  bg: 'transparent',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
});
const sheetPositioner = css({ alignItems: 'flex-end' });
const sheetContent = css({
  display: 'flex',
  flexDirection: 'column',
  width: '100vw',
  minWidth: '0',
  height: 'calc(100dvh - 3rem)',
  borderRadius: '0',
  borderTopRadius: 'l3',
  overflow: 'hidden',
});

const CloseIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M18 6 6 18M6 6l12 12" />
  </svg>
);

/** The Tools button: opens or collapses the panel (a sheet on a phone); a disclosure named by its visible word, its state in aria-expanded. */
export function ToolsToggle({ tools }: { tools: ChatToolsActorRef }) {
  const { LL } = useI18nContext();
  const open = useSelector(tools, (s) => s.hasTag('open'));
  return (
    <Button
      variant="outline"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? PANEL_ID : undefined}
      data-open={open ? '' : undefined}
      onClick={() => tools.send(open ? { type: 'user.closeTools' } : { type: 'user.openTools' })}
      data-testid="tools-toggle"
    >
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M15 4v16" />
      </svg>
      {LL.tools.toggle()}
    </Button>
  );
}

/** The panel: a column beside the chat, or on a phone a sheet; nothing while collapsed. */
export function ToolsPanel({ tools }: { tools: ChatToolsActorRef }) {
  const open = useSelector(tools, (s) => s.hasTag('open'));
  const narrow = useSelector(tools, (s) => s.context.narrow);
  if (narrow) return <ToolsSheet tools={tools} open={open} />;
  if (!open) return null;
  return (
    <aside id={PANEL_ID} className={column} aria-labelledby={`${PANEL_ID}-title`} data-testid="tools-panel">
      <ToolsBody tools={tools} closer={<CloseButton tools={tools} />} titleId={`${PANEL_ID}-title`} />
    </aside>
  );
}

function CloseButton({ tools }: { tools: ChatToolsActorRef }) {
  const { LL } = useI18nContext();
  return (
    <button type="button" className={closeButton} aria-label={LL.tools.close()} onClick={() => tools.send({ type: 'user.closeTools' })} data-testid="tools-close">
      <CloseIcon />
    </button>
  );
}

/** On a phone: the panel as a sheet over the chat (Ark Dialog: focus trap, Escape and the backdrop close it). */
function ToolsSheet({ tools, open }: { tools: ChatToolsActorRef; open: boolean }) {
  const { LL } = useI18nContext();
  const titleId = `${PANEL_ID}-title`;
  return (
    <DialogRoot
      open={open}
      ids={{ title: titleId, content: PANEL_ID }}
      onOpenChange={(details) => {
        if (!details.open) tools.send({ type: 'user.closeTools' });
      }}
    >
      <Portal>
        <DialogBackdrop />
        <DialogPositioner className={sheetPositioner}>
          <DialogContent className={sheetContent} data-testid="tools-sheet">
            <ToolsBody
              tools={tools}
              titleId={titleId}
              sheet
              closer={
                <DialogCloseTrigger className={closeButton} aria-label={LL.tools.close()} data-testid="tools-close">
                  <CloseIcon />
                </DialogCloseTrigger>
              }
            />
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  );
}

function ToolsBody({ tools, closer, titleId, sheet = false }: { tools: ChatToolsActorRef; closer: ReactNode; titleId: string; sheet?: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.tools;
  const tab = useSelector(tools, (s) => s.context.tab);
  const chat = useSelector(tools, (s) => s.context.chat);
  const quickReplies = useSelector(tools, (s) => s.children.quickReplies as QuickReplyPanelActorRef | undefined);
  const autoReply = useSelector(tools, (s) => s.children.autoReply as AutoReplyPanelActorRef | undefined);
  const schedules = useSelector(tools, (s) => s.children.schedules as SchedulesActorRef | undefined);
  const recipient = useMemo(() => (chat ? { chatWhatsappId: chat.chatWhatsappId, name: chat.name } : null), [chat]);
  const id = useId();
  const Title = sheet ? DialogTitle : 'h2';

  return (
    <>
      <div className={head}>
        <div className={headText}>
          <Title id={titleId} className={cx(title)}>
            {t.title()}
          </Title>
          <span className={forChat} data-testid="tools-chat" {...(chat ? sensitive : {})}>
            {chat ? <UserSentence sentence={(name) => t.forChat({ name })} text={chat.name} /> : t.noChat()}
          </span>
        </div>
        {closer}
      </div>
      <TabsRoot
        className={tabsRoot}
        value={tab}
        onValueChange={(details) => tools.send({ type: 'user.showTab', tab: details.value as ToolTab })}
        lazyMount
        unmountOnExit
        variant="line"
        size="sm"
        ids={{ root: `${id}tabs` }}
      >
        <TabsList className={tabsList} aria-label={t.tabs.label()}>
          {toolTabs.map((name) => (
            <TabsTrigger key={name} value={name} className={tabTrigger} data-testid={`tools-tab-${name}`}>
              {t.tabs[name]()}
            </TabsTrigger>
          ))}
          <TabsIndicator />
        </TabsList>
        <TabsContent value="quickReplies" className={tabContent}>
          {quickReplies ? <QuickReplyPanel panel={quickReplies} /> : null}
        </TabsContent>
        <TabsContent value="autoReply" className={tabContent}>
          {autoReply ? <AutoReplyPanel panel={autoReply} /> : null}
        </TabsContent>
        <TabsContent value="schedules" className={tabContent}>
          {schedules ? <SchedulesPanel panel={schedules} defaultRecipient={recipient} /> : null}
        </TabsContent>
      </TabsRoot>
    </>
  );
}
