/**
 * SPEC §2 export-limit dialog (SPEC §6: free and trial plans have no export; 100008), one dialog
 * for every export: the contacts table's and the pipeline's (src/machines/contacts-table.machine.ts,
 * src/machines/pipeline-export.machine.ts), opened while their flow has the tag `exportLimit`.
 * The owner and managers get Upgrade (the flow's child `planUpgrade`, from the workspace's plan as
 * the account knows it; its dialog opens over this one), members the note to ask their
 * administrator. Its texts are the contacts and billing areas' (the route loads them).
 *
 * Test ids: export-limit-dialog, export-limit-close, export-limit-upgrade, export-limit-note.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import { planCodeOf, type PlanCode } from '../../../contract/plans';
import { useI18nContext } from '../../../i18n/i18n-react';
import { selectPayInfo } from '../../../machines/account.machine';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import { useAppActors } from '../../app-actors';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { PlanUpgradeDialog } from './plan-upgrade-dialog';

const limitNote = css({ color: 'fg.muted', textStyle: 'sm' });

export type ExportLimitDialogProps = {
  open: boolean;
  /** The owner and managers (the /admin real role) may upgrade; a member is told to ask the administrator. */
  mayUpgrade: boolean;
  /** The flow's plan upgrade child while it runs. */
  upgrade: PlanUpgradeActorRef | undefined;
  onClose: () => void;
  /** Upgrade, with the workspace's plan as the account knows it. */
  onUpgrade: (currentPlanCode: PlanCode) => void;
};

export function ExportLimitDialog({ open, mayUpgrade, upgrade, onClose, onUpgrade }: ExportLimitDialogProps) {
  const { LL } = useI18nContext();
  const { account } = useAppActors();
  const payInfo = useSelector(account, selectPayInfo);
  const plan = payInfo?.planName ?? '';
  const t = LL.contacts.exportLimit;
  return (
    <>
      <ModalDialog
        open={open}
        onClose={onClose}
        title={t.title()}
        description={plan ? t.body({ plan }) : t.bodyNoPlan()}
        data-testid="export-limit-dialog"
        footer={
          <>
            <Button variant={mayUpgrade ? 'outline' : 'solid'} onClick={onClose} data-testid="export-limit-close">
              {t.close()}
            </Button>
            {mayUpgrade ? (
              <Button onClick={() => onUpgrade(planCodeOf(payInfo?.planCode))} data-testid="export-limit-upgrade">
                {LL.billing.upgrade.limitUpgrade()}
              </Button>
            ) : null}
          </>
        }
      >
        {mayUpgrade ? null : (
          <p className={limitNote} data-testid="export-limit-note">
            {LL.billing.upgrade.contactAdmin()}
          </p>
        )}
      </ModalDialog>
      <PlanUpgradeDialog flow={upgrade} />
    </>
  );
}
