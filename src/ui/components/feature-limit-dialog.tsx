/**
 * The feature-limit dialog (SPEC §2 Layout dialogs: the webhook and the three CRM integrations,
 * SPEC §9 webhook feature types): the plan lacks what a feature needs. App-wide, so it takes its
 * words from the screen that opens it; the owning machine opens it by state (a tag).
 *
 * Its Upgrade button starts the plan upgrade (`onUpgrade`: the owning flow starts the plan upgrade
 * as its child, src/machines/plan-upgrade.machine.ts). A dialog whose flow has no upgrade to start
 * shows the button disabled, with the note saying where the plan is upgraded (`upgradeLater`).
 * People who cannot change the plan (members) get the note to contact their administrator
 * instead of a button.
 * Test ids: feature-limit-dialog, feature-limit-upgrade, feature-limit-note, feature-limit-close.
 */
import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { ModalDialog } from './dialog';

export type FeatureLimitTexts = {
  title: string;
  body: string;
  upgrade: string;
  /** Where to upgrade when this dialog cannot start it, for those who may upgrade. */
  upgradeLater: string;
  /** For those who cannot change the plan. */
  contactAdmin: string;
  close: string;
};

export interface FeatureLimitDialogProps {
  open: boolean;
  onClose: () => void;
  texts: FeatureLimitTexts;
  /** The person may change the plan (the owner and managers). */
  mayUpgrade: boolean;
  /** Starts the plan upgrade (the owning flow's child); absent where the dialog cannot start it. */
  onUpgrade?: () => void;
}

const note = css({ color: 'fg.muted', textStyle: 'sm' });

export function FeatureLimitDialog({ open, onClose, texts, mayUpgrade, onUpgrade }: FeatureLimitDialogProps) {
  const noteId = useId();
  const canUpgrade = mayUpgrade && onUpgrade !== undefined;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={texts.title}
      description={texts.body}
      closeLabel={texts.close}
      data-testid="feature-limit-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid="feature-limit-close">
            {texts.close}
          </Button>
          {mayUpgrade ? (
            <Button onClick={onUpgrade} disabled={!canUpgrade} aria-describedby={canUpgrade ? undefined : noteId} data-testid="feature-limit-upgrade">
              {texts.upgrade}
            </Button>
          ) : null}
        </>
      }
    >
      {canUpgrade ? null : (
        <p id={noteId} className={note} data-testid="feature-limit-note">
          {mayUpgrade ? texts.upgradeLater : texts.contactAdmin}
        </p>
      )}
    </ModalDialog>
  );
}
