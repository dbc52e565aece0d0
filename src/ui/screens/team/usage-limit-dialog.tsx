/**
 * The Usage limit dialog (SPEC §2): shown when inviting or re-inviting needs a seat the plan does
 * not have. It names the plan, the seats used and the seats available. "Upgrade now" is not shown
 * until purchasing exists (a later issue), rather than leading nowhere.
 * Test id: usage-limit-dialog.
 */
import { fromPromise } from 'xstate';
import { css } from '../../../../styled-system/css';
import { Code } from '../../../contract/codes';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { Seats } from '../../../machines/invite-members.machine';
import type { ApiClient } from '../../../services/api/client';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { accountEndpoints } from '../../../contract/account';

/** The seats of the caller's plan, from the plan/pay info (inviteCount is derived by the server). */
export const loadSeatsLogic = (api: ApiClient) =>
  fromPromise<Seats, void>(async () => {
    const r = await api.call(accountEndpoints.payInfo);
    if (!r.ok || r.raw) throw new Error(r.message);
    return { planName: r.data.planName, used: r.data.inviteCount, limit: r.data.inviteLimit };
  });

/**
 * A refusal as the person reads it: the translated text for the team codes we know, else the
 * server's own message (SPEC §8), else a generic failure.
 */
export const refusalText = (LL: TranslationFunctions, error: { code: number; message: string }): string => {
  const t = LL.team;
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
