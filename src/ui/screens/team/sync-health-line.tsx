/**
 * The sync-health line under a member on the members page (SPEC §7 Analytics logging: the chat
 * sync's uploads in the product event log): "Last sync 3 hours ago · 42 chats", or "Never
 * synced". It reads the members flow's child `syncHealth` (src/machines/sync-health.machine.ts)
 * from the parent's snapshot; until the lines are read, or for a row that is no joined member, it
 * shows nothing. "How long ago" counts from the server's clock of the read, in the largest whole
 * unit (date-fns), worded by the page's language (Intl.RelativeTimeFormat); the exact time is the
 * line's title. Test id: member-sync-health-<email>.
 */
import { useSelector } from '@xstate/react';
import { differenceInDays, differenceInHours, differenceInMinutes, differenceInMonths } from 'date-fns';
import { css } from '../../../../styled-system/css';
import type { WorkspaceMember } from '../../../contract/workspace';
import { useI18nContext } from '../../../i18n/i18n-react';
import { syncLineOf, type SyncHealthActorRef } from '../../../machines/sync-health.machine';
import type { TeamMembersActorRef } from '../../../machines/team-members.machine';

const line = css({ display: 'block', textStyle: 'xs', color: 'fg.muted', mt: '0.5' });

/** How long before `now` `then` was, as the page's language says it ("3 hours ago", "3 小时前", "قبل 3 ساعات"). */
export const agoText = (locale: string, then: number, now: number): string => {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const minutes = differenceInMinutes(now, then);
  if (minutes < 1) return rtf.format(0, 'second');
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = differenceInHours(now, then);
  if (hours < 48) return rtf.format(-hours, 'hour');
  const days = differenceInDays(now, then);
  if (days < 60) return rtf.format(-days, 'day');
  return rtf.format(-differenceInMonths(now, then), 'month');
};

export function SyncHealthLine({ members, member }: { members: TeamMembersActorRef; member: WorkspaceMember }) {
  const child = useSelector(members, (s) => s.children.syncHealth as SyncHealthActorRef | undefined);
  if (!child || member.status !== 'joined' || member.userId === '') return null;
  return <Line flow={child} member={member} />;
}

function Line({ flow, member }: { flow: SyncHealthActorRef; member: WorkspaceMember }) {
  const { LL, locale } = useI18nContext();
  const health = useSelector(flow, (s) => s.context.health);
  const sync = syncLineOf({ health }, member.userId);
  if (sync === null) return null;
  const testId = `member-sync-health-${member.email}`;
  if (sync.kind === 'never') {
    return (
      <span className={line} data-testid={testId}>
        {LL.team.syncHealth.never()}
      </span>
    );
  }
  return (
    <span className={line} title={new Date(sync.lastSyncAt).toLocaleString(locale)} data-testid={testId}>
      {LL.team.syncHealth.last({ ago: agoText(locale, sync.lastSyncAt, sync.now), chats: sync.chats })}
    </span>
  );
}
