/**
 * The auto reply tab of the chat tools (SPEC §2 auto reply panel, §3 Auto reply, §6: off by
 * default, each member switches the team's auto replies on): the member's switch and the team's
 * active auto replies, read only (name, type, keywords and match mode, the reply). Renders the
 * auto reply panel flow (src/machines/auto-reply-panel.machine.ts), a child of the chat tools. An
 * admin acting for a member (the member chooser) sees and sets that member's switch, and is told so.
 *
 * Test ids: auto-reply-panel, auto-reply-switch, auto-reply-switch-loading,
 * auto-reply-switch-failed, auto-reply-switch-retry, auto-reply-acting-for, auto-reply-loading,
 * auto-reply-failed, auto-reply-retry, auto-reply-empty, auto-reply-list, auto-reply-<id>.
 */
import { SwitchControl, SwitchHiddenInput, SwitchLabel, SwitchRoot, SwitchThumb } from '@ark-ui/react/switch';
import { useSelector } from '@xstate/react';
import { css, cx } from '../../../../styled-system/css';
import { switchRecipe } from '../../../../styled-system/recipes';
import type { AutoReply } from '../../../contract/templates';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectMembers, selectUser } from '../../../machines/account.machine';
import type { AutoReplyPanelActorRef } from '../../../machines/auto-reply-panel.machine';
import { useAppActors } from '../../app-actors';
import { Button } from '../../components/button';
import { UserSentence, UserText } from '../../components/user-text';

const panel = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '3' });
const switchBox = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.default' });
const switchRow = css({ display: 'flex', alignItems: 'center', gap: '2', width: 'full' });
const switchLabel = css({ fontWeight: 'semibold', textStyle: 'sm', flex: '1', minWidth: '0' });
const switchState = css({ textStyle: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' });
const help = css({ textStyle: 'xs', color: 'fg.muted' });
const note = css({ textStyle: 'xs', color: 'fg.warning', bg: 'bg.subtle', p: '2', borderRadius: 'l2' });
const stateBox = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'center', textAlign: 'center', p: '4', color: 'fg.muted', textStyle: 'sm' });
const listTitle = css({ textStyle: 'sm', fontWeight: 'semibold' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const card = css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: '3', borderRadius: 'l2', borderWidth: '1px', borderColor: 'border.subtle', bg: 'bg.default', minWidth: '0' });
const cardHead = css({ display: 'flex', gap: '2', alignItems: 'baseline', justifyContent: 'space-between', minWidth: '0' });
const cardName = css({ fontWeight: 'medium', textStyle: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' });
const badge = css({ textStyle: 'xs', borderRadius: 'full', px: '2', bg: 'bg.subtle', color: 'fg.muted', whiteSpace: 'nowrap', flexShrink: '0' });
const keywords = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: '0', m: '0', textStyle: 'xs' });
const keyword = css({
  borderRadius: 'l1',
  px: '1.5',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  maxWidth: 'full',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const fieldLabel = css({ textStyle: 'xs', color: 'fg.muted' });
const reply = css({
  textStyle: 'xs',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineClamp: '3',
});

export function AutoReplyPanel({ panel: ref }: { panel: AutoReplyPanelActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tools.autoReply;
  const enabled = useSelector(ref, (s) => s.context.enabled);
  const items = useSelector(ref, (s) => s.context.items);
  const switchLoading = useSelector(ref, (s) => s.hasTag('switchLoading'));
  const switchFailed = useSelector(ref, (s) => s.hasTag('switchFailed'));
  const saving = useSelector(ref, (s) => s.hasTag('saving'));
  const listLoading = useSelector(ref, (s) => s.hasTag('listLoading'));
  const listFailed = useSelector(ref, (s) => s.hasTag('listFailed'));
  const classes = switchRecipe({ size: 'md' });

  return (
    <div className={panel} data-testid="auto-reply-panel">
      <div className={switchBox}>
        {switchFailed ? (
          <div className={stateBox} role="alert" data-testid="auto-reply-switch-failed">
            <span>{t.switchFailed()}</span>
            <Button size="sm" variant="outline" onClick={() => ref.send({ type: 'user.retrySwitch' })} data-testid="auto-reply-switch-retry">
              {t.retry()}
            </Button>
          </div>
        ) : (
          <SwitchRoot
            className={cx(classes.root, switchRow)}
            checked={enabled === true}
            disabled={enabled === null || saving}
            onCheckedChange={(details) => ref.send({ type: 'user.toggle', enabled: details.checked })}
          >
            <SwitchLabel className={cx(classes.label, switchLabel)}>{t.switch()}</SwitchLabel>
            <span className={switchState} aria-hidden="true">
              {switchLoading ? '' : enabled ? t.on() : t.off()}
            </span>
            <SwitchControl className={classes.control}>
              <SwitchThumb className={classes.thumb} />
            </SwitchControl>
            <SwitchHiddenInput data-testid="auto-reply-switch" aria-busy={switchLoading || saving || undefined} />
          </SwitchRoot>
        )}
        {switchLoading ? (
          <p className={help} role="status" data-testid="auto-reply-switch-loading">
            {t.loadingSwitch()}
          </p>
        ) : (
          <p className={help}>{t.switchHelp()}</p>
        )}
        <ActingFor />
      </div>

      <section aria-labelledby="auto-reply-list-title">
        <h3 id="auto-reply-list-title" className={listTitle}>
          {t.listTitle()}
        </h3>
        {listLoading ? (
          <p className={stateBox} role="status" data-testid="auto-reply-loading">
            {t.loading()}
          </p>
        ) : null}
        {listFailed ? (
          <div className={stateBox} role="alert" data-testid="auto-reply-failed">
            <span>{t.failed()}</span>
            <Button size="sm" variant="outline" onClick={() => ref.send({ type: 'user.retryList' })} data-testid="auto-reply-retry">
              {t.retry()}
            </Button>
          </div>
        ) : null}
        {!listLoading && !listFailed && items.length === 0 ? (
          <p className={stateBox} data-testid="auto-reply-empty">
            {t.empty()}
          </p>
        ) : null}
        {items.length > 0 && !listFailed ? (
          <ul className={list} data-testid="auto-reply-list">
            {items.map((item) => (
              <AutoReplyCard key={item.id} item={item} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}

function AutoReplyCard({ item }: { item: AutoReply }) {
  const { LL } = useI18nContext();
  const t = LL.tools.autoReply;
  return (
    <li className={card} data-testid={`auto-reply-${item.id}`}>
      <div className={cardHead}>
        <UserText className={cardName} text={item.name} />
        <span className={badge}>{item.type === 'keyword' ? `${t.type.keyword()} · ${t.match[item.matchMode]()}` : t.type.replyAll()}</span>
      </div>
      {item.type === 'keyword' && item.keywords.length > 0 ? (
        <ul className={keywords} aria-label={t.keywords()}>
          {item.keywords.map((k, i) => (
            <li key={i} className={keyword}>
              <UserText text={k} />
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <span className={fieldLabel}>{t.reply()}</span>
        <p className={reply} dir="auto">
          <UserText text={item.reply} />
        </p>
      </div>
    </li>
  );
}

/** An admin acting for a member (the member chooser): whose switch this is. */
function ActingFor() {
  const { LL } = useI18nContext();
  const { account, selectedMember } = useAppActors();
  const user = useSelector(account, selectUser);
  const members = useSelector(account, selectMembers);
  const selectedId = useSelector(selectedMember, (s) => s.context.selectedId);
  if (!user || selectedId === null || selectedId === user.userId) return null;
  const member = members.find((m) => m.userId === selectedId);
  const name = member ? member.name.trim() || member.email : selectedId;
  return (
    <p className={note} data-testid="auto-reply-acting-for">
      <UserSentence sentence={(n) => LL.tools.autoReply.actingFor({ name: n })} text={name} />
    </p>
  );
}
