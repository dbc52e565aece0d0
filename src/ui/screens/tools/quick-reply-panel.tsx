/**
 * The quick reply tab of the chat tools (SPEC §2 quick reply panel, §5): the team's quick replies
 * with a search box; one chosen shows its message as it will go out to the open chat (fill-in
 * variables filled, with the values used), its attachments (name, kind, size) and Send. Renders
 * the quick reply panel flow (src/machines/quick-reply-panel.machine.ts), a child of the chat
 * tools; every text a person wrote is shown inert (UserText).
 *
 * Test ids: quick-reply-panel, quick-reply-search, quick-reply-loading, quick-reply-failed,
 * quick-reply-retry, quick-reply-empty, quick-reply-no-match, quick-reply-list,
 * quick-reply-<id>, quick-reply-detail, quick-reply-back, quick-reply-preview,
 * quick-reply-values, quick-reply-attachments, quick-reply-problem, quick-reply-send,
 * quick-reply-reload.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { css } from '../../../../styled-system/css';
import { usedVariables } from '../../../contract/variables';
import { useI18nContext } from '../../../i18n/i18n-react';
import {
  isEmptyOf,
  previewOf,
  selectedQuickReplyOf,
  visibleQuickRepliesOf,
  type QuickReplyPanelActorRef,
} from '../../../machines/quick-reply-panel.machine';
import { variableValuesOf } from '../../../machines/tools-chat';
import { variableValue } from '../../../contract/variables';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { UserSentence, UserText } from '../../components/user-text';
import { useChatFormats } from '../conversation/format/use-chat-formats';

const panel = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '3', minHeight: '0' });
const stateBox = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'center', textAlign: 'center', p: '4', color: 'fg.muted', textStyle: 'sm' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0' });
const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  width: 'full',
  textAlign: 'start',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  bg: 'bg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
});
const itemTitle = css({ fontWeight: 'medium', textStyle: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const itemText = css({ textStyle: 'xs', color: 'fg.muted', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const itemMeta = css({ textStyle: 'xs', color: 'fg.subtle' });
const detail = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const detailTitle = css({ fontWeight: 'semibold', textStyle: 'md', overflowWrap: 'anywhere', _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' } });
const sectionTitle = css({ textStyle: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' });
const preview = css({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  textStyle: 'sm',
  p: '3',
  borderRadius: 'l2',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.default',
  maxHeight: '48',
  overflowY: 'auto',
});
const values = css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: '3', rowGap: '1', textStyle: 'xs', m: '0' });
const valueTerm = css({ color: 'fg.muted' });
const valueDef = css({ m: '0', overflowWrap: 'anywhere' });
const attachments = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0', textStyle: 'xs' });
const attachment = css({ display: 'flex', gap: '2', alignItems: 'baseline', minWidth: '0' });
const attachmentName = css({ flex: '1', minWidth: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const attachmentMeta = css({ color: 'fg.muted', whiteSpace: 'nowrap', flexShrink: '0' });
const problemText = css({ color: 'fg.error', textStyle: 'sm' });
const actions = css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' });
const muted = css({ color: 'fg.muted', textStyle: 'xs' });
/** The arrow points back in the page's direction. */
const backButton = css({ ms: '-2', '& svg': { _rtl: { transform: 'scaleX(-1)' } } });

export function QuickReplyPanel({ panel: ref }: { panel: QuickReplyPanelActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tools.quickReply;
  const items = useSelector(ref, (s) => s.context.items);
  const search = useSelector(ref, (s) => s.context.search);
  const selectedId = useSelector(ref, (s) => s.context.selectedId);
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const selected = useMemo(() => selectedQuickReplyOf({ items, selectedId }), [items, selectedId]);
  const visible = useMemo(() => visibleQuickRepliesOf({ items, search }), [items, search]);
  const loaded = !loading && !failed;

  return (
    <div className={panel} data-testid="quick-reply-panel">
      {selected ? (
        <QuickReplyDetail panel={ref} />
      ) : (
        <>
          <TextField label={t.search()} type="search" value={search} onChange={(e) => ref.send({ type: 'user.search', text: e.target.value })} data-testid="quick-reply-search" />
          {loading ? (
            <p className={stateBox} role="status" data-testid="quick-reply-loading">
              {t.loading()}
            </p>
          ) : null}
          {failed ? (
            <div className={stateBox} role="alert" data-testid="quick-reply-failed">
              <span>{t.failed()}</span>
              <Button size="sm" variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="quick-reply-retry">
                {t.retry()}
              </Button>
            </div>
          ) : null}
          {loaded && isEmptyOf({ items }) ? (
            <p className={stateBox} data-testid="quick-reply-empty">
              {t.empty()}
            </p>
          ) : null}
          {loaded && items.length > 0 && visible.length === 0 ? (
            <p className={stateBox} data-testid="quick-reply-no-match">
              <span>
                <UserSentence sentence={(s) => t.noMatch({ search: s })} text={search.trim()} />
              </span>
            </p>
          ) : null}
          {loaded && visible.length > 0 ? (
            <>
              <p className={muted}>{t.choose()}</p>
              <ul className={list} aria-label={t.list()} data-testid="quick-reply-list">
                {visible.map((q) => (
                  <li key={q.id}>
                    <button type="button" className={item} onClick={() => ref.send({ type: 'user.select', id: q.id })} data-testid={`quick-reply-${q.id}`}>
                      <UserText className={itemTitle} text={q.title} />
                      <UserText className={itemText} text={q.message} />
                      {q.attachments.length > 0 ? <span className={itemMeta}>{t.attachmentCount({ count: q.attachments.length })}</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {loaded ? (
            <div>
              <Button size="xs" variant="ghost" onClick={() => ref.send({ type: 'user.reload' })} data-testid="quick-reply-reload">
                {t.reload()}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The chosen quick reply: as it will be sent, the values filled in, its attachments, Send. */
function QuickReplyDetail({ panel: ref }: { panel: QuickReplyPanelActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tools.quickReply;
  const formats = useChatFormats();
  const items = useSelector(ref, (s) => s.context.items);
  const selectedId = useSelector(ref, (s) => s.context.selectedId);
  const chat = useSelector(ref, (s) => s.context.chat);
  const problem = useSelector(ref, (s) => s.context.problem);
  const sending = useSelector(ref, (s) => s.hasTag('sending'));
  const reply = selectedQuickReplyOf({ items, selectedId });
  const text = previewOf({ items, selectedId, chat });
  const used = useMemo(() => (reply ? usedVariables(reply.message) : []), [reply]);
  const filled = useMemo(() => variableValuesOf(chat), [chat]);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Focus follows the choice (DOM only): the detail replaced the button that was pressed.
  useEffect(() => titleRef.current?.focus(), [selectedId]);
  if (!reply || text === null) return null;

  return (
    <section className={detail} aria-labelledby="quick-reply-title" data-testid="quick-reply-detail">
      <div>
        <Button size="xs" variant="ghost" className={backButton} onClick={() => ref.send({ type: 'user.unselect' })} data-testid="quick-reply-back">
          <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="m15 18-6-6 6-6" />
          </svg>
          {t.back()}
        </Button>
      </div>
      <h3 id="quick-reply-title" className={detailTitle} tabIndex={-1} ref={titleRef}>
        <UserText text={reply.title} />
      </h3>
      <div>
        <p className={sectionTitle}>{t.preview()}</p>
        <p className={preview} dir="auto" data-testid="quick-reply-preview">
          <UserText text={text} />
        </p>
        {chat === null ? <p className={muted}>{t.previewNoChat()}</p> : null}
      </div>
      {used.length > 0 && chat !== null ? (
        <div>
          <p className={sectionTitle}>{t.values()}</p>
          <dl className={values} data-testid="quick-reply-values">
            {used.map((key) => {
              const value = variableValue(key, filled);
              return (
                <div key={key} style={{ display: 'contents' }}>
                  <dt className={valueTerm}>{t.variable[key]()}</dt>
                  <dd className={valueDef}>{value === '' ? <span className={muted}>{t.emptyValue()}</span> : <UserText text={value} />}</dd>
                </div>
              );
            })}
          </dl>
        </div>
      ) : null}
      {reply.attachments.length > 0 ? (
        <div>
          <p className={sectionTitle}>{t.attachments()}</p>
          <ul className={attachments} data-testid="quick-reply-attachments">
            {reply.attachments.map((a) => (
              <li key={a.fileId} className={attachment}>
                <UserText className={attachmentName} text={a.name} title={a.name} />
                <span className={attachmentMeta}>
                  {t.kind[a.kind]()} · {formats.fileSize(a.size)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {problem ? (
        <p className={problemText} role="alert" data-testid="quick-reply-problem">
          {t.problem[problem]()}
        </p>
      ) : null}
      <div className={actions}>
        <Button onClick={() => ref.send({ type: 'user.send' })} loading={sending} loadingText={t.sending()} data-testid="quick-reply-send">
          {t.send()}
        </Button>
      </div>
    </section>
  );
}
