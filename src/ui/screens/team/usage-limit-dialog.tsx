/**
 * The Usage limit dialog (SPEC §2): shown when inviting or re-inviting needs a seat the plan does
 * not have. It names the plan, the seats used and the seats available. "Upgrade now" is not shown
 * until seat purchase exists, rather than leading nowhere.
 * Test id: usage-limit-dialog.
 */
import { css } from '../../../../styled-system/css';
import { Code } from '../../../contract/codes';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { Seats } from '../../../machines/invite-members.machine';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';

/**
 * A failed call as the person reads it: for a refusal, the translated text of the team codes we
 * know, else the server's own message (SPEC §8); for a call that failed on the way, a generic failure.
 */
export const refusalText = (LL: TranslationFunctions, error: CallError): string => {
  const t = LL.team;
  if (error.kind === 'network') return t.failed();
  switch (error.code) {
    case Code.FORBIDDEN:
      return t.refused({ message: t.codes.forbidden() });
    case Code.NOT_FOUND:
      return t.refused({ message: t.codes.notFound() });
    case Code.MEMBER_EXCEEDED:
      return t.refused({ message: t.codes.memberExceeded() });
    case Code.MEMBERS_REMAIN:
      return t.refused({ message: t.codes.membersRemain() });
    case Code.NO_WORKSPACE:
    case Code.WORKSPACE_DISBANDED:
      return t.refused({ message: t.codes.noWorkspace() });
    default:
      return error.message ? t.refused({ message: error.message }) : t.failed();
  }
};

const list = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

export function UsageLimitDialog({ open, seats, onClose }: { open: boolean; seats: Seats | null; onClose: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.team.usageLimit;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t.title()}
      description={t.body()}
      closeLabel={t.close()}
      role="alertdialog"
      data-testid="usage-limit-dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t.close()}
        </Button>
      }
    >
      {seats ? (
        <ul className={list}>
          <li>{t.plan({ plan: seats.planName })}</li>
          <li>{t.used({ used: seats.used })}</li>
          <li>{t.available({ available: Math.max(0, seats.limit - seats.used) })}</li>
        </ul>
      ) : (
        <p className={muted}>{t.unknown()}</p>
      )}
    </ModalDialog>
  );
}
