/**
 * The pipeline's export (SPEC §7 /leads/export and /leads/export/pipeline; §6, §2 export-limit
 * dialog), drawn from the pipeline flow's child `pipelineExport` (src/machines/pipeline-export.machine.ts):
 *
 * - `ExportMenu`, the header's Export menu: "Export the whole pipeline", then "Export one tab" with
 *   each tab (a panel's own menu has "Export this tab"). Each entry asks the pipeline (`user.export`),
 *   which starts the export with the filters on screen.
 * - `PipelineExportDialogs`: the progress while the file is produced (a Cancel stops the call), and
 *   the export-limit dialog with its Upgrade (the contacts screen's dialog, ../billing/export-limit-dialog.tsx).
 *
 * Test ids: pipeline-export (the menu's button), pipeline-export-all, pipeline-export-tab-<id>,
 * pipeline-export-progress, pipeline-export-cancel; the export-limit dialog's.
 */
import { useSelector } from '@xstate/react';
import { css } from '../../../../styled-system/css';
import type { Tab } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import { selectExport, type PipelineActorRef } from '../../../machines/pipeline.machine';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { MenuContent, MenuItem, MenuItemGroup, MenuItemGroupLabel, MenuPortal, MenuPositioner, MenuRoot, MenuSeparator, MenuTrigger } from '../../components/menu';
import { Spinner } from '../../components/spinner';
import { UserText } from '../../components/user-text';
import { ExportLimitDialog } from '../billing/export-limit-dialog';
import { useTabName } from './lead-panel';

const menuFits = css({ maxHeight: 'var(--available-height)', overflowY: 'auto' });
const progressRow = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted' });

const TAB_ITEM = 'tab:';

/** The header's Export menu; `disabled` while the board cannot be used (loading, failed). */
export function ExportMenu({ pipeline, tabs, disabled }: { pipeline: PipelineActorRef; tabs: readonly Tab[]; disabled: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline.export;
  const tabName = useTabName();
  return (
    <MenuRoot
      onSelect={(d) => {
        if (d.value === 'pipeline') pipeline.send({ type: 'user.export', scope: 'pipeline' });
        if (d.value.startsWith(TAB_ITEM)) pipeline.send({ type: 'user.export', scope: 'tab', tabId: Number(d.value.slice(TAB_ITEM.length)) });
      }}
      positioning={{ placement: 'bottom-end', fitViewport: true }}
      lazyMount
      unmountOnExit
    >
      <MenuTrigger asChild>
        <Button variant="outline" disabled={disabled} data-testid="pipeline-export">
          {t.menu()}
        </Button>
      </MenuTrigger>
      <MenuPortal>
        <MenuPositioner>
          <MenuContent className={menuFits}>
            <MenuItem value="pipeline" data-testid="pipeline-export-all">
              {t.pipeline()}
            </MenuItem>
            {tabs.length > 0 ? (
              <>
                <MenuSeparator />
                <MenuItemGroup id="pipeline-export-tabs">
                  <MenuItemGroupLabel>{t.oneTab()}</MenuItemGroupLabel>
                  {tabs.map((tab) => (
                    <MenuItem key={tab.id} value={`${TAB_ITEM}${tab.id}`} data-testid={`pipeline-export-tab-${tab.id}`}>
                      <UserText text={tabName(tab)} />
                    </MenuItem>
                  ))}
                </MenuItemGroup>
              </>
            ) : null}
          </MenuContent>
        </MenuPositioner>
      </MenuPortal>
    </MenuRoot>
  );
}

/** The export's dialogs while its flow runs: the progress, or the export-limit dialog (with the plan upgrade over it). */
export function PipelineExportDialogs({ pipeline }: { pipeline: PipelineActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.pipeline.export;
  const flow = useSelector(pipeline, selectExport);
  const producing = useSelector(flow, (s) => s?.hasTag('exporting') ?? false);
  const limit = useSelector(flow, (s) => s?.hasTag('exportLimit') ?? false);
  const mayUpgrade = useSelector(flow, (s) => s?.context.realRole === 'admin');
  const upgrade = useSelector(flow, (s) => s?.children.planUpgrade as PlanUpgradeActorRef | undefined);
  const cancel = () => flow?.send({ type: 'user.cancel' });
  return (
    <>
      <ModalDialog
        open={producing}
        onClose={cancel}
        title={t.producing()}
        description={t.producingBody()}
        data-testid="pipeline-export-progress"
        footer={
          <Button variant="outline" onClick={cancel} data-testid="pipeline-export-cancel">
            {t.cancel()}
          </Button>
        }
      >
        <p className={progressRow} role="status">
          <Spinner />
          {t.producing()}
        </p>
      </ModalDialog>
      <ExportLimitDialog open={limit} mayUpgrade={mayUpgrade} upgrade={upgrade} onClose={cancel} onUpgrade={() => flow?.send({ type: 'user.upgrade' })} />
    </>
  );
}
