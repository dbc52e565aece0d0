/**
 * The Usage limit dialog (SPEC §2): shown when inviting or re-inviting needs a seat the plan does
 * not have. It names the plan, the seats used and the seats available, rendered from the flow that
 * owns it (the invite dialog's, the members page's): its `usageLimit` tag opens it.
 *
 * "Upgrade now" (src/machines/usage-limit.ts) is for the owner and managers: on a paid plan it
 * starts the seat purchase, on trial or free the plan upgrade, each a child of the owning flow that
 * this view renders from the owner's snapshot (`children.seatPurchase`, `children.planUpgrade`),
 * loaded with the billing texts when first needed. A member reads SPEC §6 'Exceeded personnel
 * limit, please contact administrator to upgrade the package.' and gets no button.
 * Test ids: usage-limit-dialog, usage-limit-upgrade, usage-limit-contact-admin (and the children's).
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { css } from '../../../../styled-system/css';
import { Code } from '../../../contract/codes';
import { loadAreas } from '../../../i18n/areas';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { CallError } from '../../../machines/answer';
import type { InviteMembersActorRef } from '../../../machines/invite-members.machine';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import type { SeatPurchaseActorRef } from '../../../machines/seat-purchase.machine';
import type { TeamMembersActorRef } from '../../../machines/team-members.machine';
import { seatRemedyOf } from '../../../machines/usage-limit';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';

/** The children's dialogs, with the billing texts, loaded when Upgrade now is first pressed. */
const SeatPurchaseDialog = lazy(() =>
  Promise.all([import('../billing/seat-purchase-dialog'), loadAreas(['billing'])]).then(([m]) => ({ default: m.SeatPurchaseDialog })),
);
const PlanUpgradeDialog = lazy(() =>
  Promise.all([import('../billing/plan-upgrade-dialog'), loadAreas(['billing'])]).then(([m]) => ({ default: m.PlanUpgradeDialog })),
);

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

/** The flows that own a Usage limit dialog (the same tags, `seats` and children). */
export type UsageLimitOwner = InviteMembersActorRef | TeamMembersActorRef;

export function UsageLimitDialog({ flow }: { flow: UsageLimitOwner }) {
  // Both owners hold the dialog's part alike (src/machines/usage-limit.ts): read through one of them.
  const ref = flow as InviteMembersActorRef;
  const { LL } = useI18nContext();
  const t = LL.team.usageLimit;
  const open = useSelector(ref, (s) => s.hasTag('usageLimit'));
  const loading = useSelector(ref, (s) => s.hasTag('usageLimit') && s.hasTag('busy'));
  const seats = useSelector(ref, (s) => s.context.seats);
  const seatPurchase = useSelector(ref, (s) => s.children.seatPurchase as SeatPurchaseActorRef | undefined);
  const planUpgrade = useSelector(ref, (s) => s.children.planUpgrade as PlanUpgradeActorRef | undefined);
  const remedy = seatRemedyOf(seats);
  const onClose = () => ref.send({ type: 'user.close' });
  return (
    <>
      <ModalDialog
        open={open}
        onClose={onClose}
        title={t.title()}
        description={t.body()}
        closeLabel={t.close()}
        role="alertdialog"
        data-testid="usage-limit-dialog"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {t.close()}
            </Button>
            {remedy === 'buySeats' || remedy === 'upgradePlan' ? (
              <Button onClick={() => ref.send({ type: 'user.upgrade' })} data-testid="usage-limit-upgrade">
                {t.upgradeNow()}
              </Button>
            ) : null}
          </>
        }
      >
        {seats ? (
          <ul className={list}>
            <li>{t.plan({ plan: seats.planName })}</li>
            <li>{t.used({ used: seats.used })}</li>
            <li>{t.available({ available: Math.max(0, seats.limit - seats.used) })}</li>
          </ul>
        ) : loading ? null : (
          <p className={muted}>{t.unknown()}</p>
        )}
        {remedy === 'contactAdmin' ? (
          <p className={muted} data-testid="usage-limit-contact-admin">
            {t.contactAdmin()}
          </p>
        ) : null}
      </ModalDialog>
      <Suspense fallback={null}>
        {seatPurchase ? <SeatPurchaseDialog flow={seatPurchase} /> : null}
        {planUpgrade ? <PlanUpgradeDialog flow={planUpgrade} /> : null}
      </Suspense>
    </>
  );
}
