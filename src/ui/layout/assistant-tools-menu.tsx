/**
 * The header's Assistant tools menu (SPEC §2 Layout header; Other panels: assistant tools): Number
 * check and Group tool. Choosing one tells the header's assistant-tools flow
 * (src/machines/assistant-tools.machine.ts), which starts the tool's own flow; this view renders
 * that child's dialog from the flow's snapshot, and nothing while none runs. Keyboard: the Ark menu
 * (Enter, Space or arrow down opens it; arrows, Home/End and typeahead move; Escape closes).
 *
 * The menu's texts (area `assistant`) and the dialogs load after the layout, so nothing of them
 * reaches the login page; the trigger shows once its texts are here.
 * Test ids: assistant-tools-trigger, assistant-tools-number-check, assistant-tools-group-tool.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { css } from '../../../styled-system/css';
import { loadAreas } from '../../i18n/areas';
import { useI18nContext } from '../../i18n/i18n-react';
import type { AssistantTool } from '../../machines/assistant-tools.machine';
import type { GroupToolActorRef } from '../../machines/group-tool.machine';
import type { NumberCheckActorRef } from '../../machines/number-check.machine';
import { useFlow } from '../app-actors';
import { MenuContent, MenuItem, MenuItemText, MenuPortal, MenuPositioner, MenuRoot, MenuTrigger } from '../components/menu';
import { ChevronDownIcon } from './icons';

const NumberCheckDialog = lazy(() => import('../screens/assistant/number-check-dialog').then((m) => ({ default: m.NumberCheckDialog })));
const GroupToolDialog = lazy(() => import('../screens/assistant/group-tool-dialog').then((m) => ({ default: m.GroupToolDialog })));
/** The menu once its texts are loaded (for every loaded language: switching language keeps them). */
const ToolsMenu = lazy(() => loadAreas(['assistant']).then(() => ({ default: ToolsMenuView })));

const trigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  py: '1',
  minHeight: '9',
  borderRadius: 'l2',
  cursor: 'pointer',
  color: 'fg.default',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default' },
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
});

const isTool = (value: string): value is AssistantTool => value === 'numberCheck' || value === 'groupTool';

export function AssistantToolsMenu() {
  return (
    <Suspense fallback={null}>
      <ToolsMenu />
    </Suspense>
  );
}

function ToolsMenuView() {
  const { LL } = useI18nContext();
  const t = LL.assistant.menu;
  const tools = useFlow('assistantTools');
  const numberCheck = useSelector(tools, (s) => s?.children.numberCheck as NumberCheckActorRef | undefined);
  const groupTool = useSelector(tools, (s) => s?.children.groupTool as GroupToolActorRef | undefined);
  return (
    <>
      <MenuRoot onSelect={(d) => (isTool(d.value) ? tools?.send({ type: 'user.open', tool: d.value }) : undefined)} positioning={{ placement: 'bottom-end' }}>
        {/* Disabled for the moment its flow's module takes to arrive after sign-in (nothing would open). */}
        <MenuTrigger className={trigger} disabled={!tools} data-testid="assistant-tools-trigger">
          {t.title()}
          <ChevronDownIcon />
        </MenuTrigger>
        <MenuPortal>
          <MenuPositioner>
            <MenuContent>
              <MenuItem value="numberCheck" data-testid="assistant-tools-number-check">
                <MenuItemText>{t.numberCheck()}</MenuItemText>
              </MenuItem>
              <MenuItem value="groupTool" data-testid="assistant-tools-group-tool">
                <MenuItemText>{t.groupTool()}</MenuItemText>
              </MenuItem>
            </MenuContent>
          </MenuPositioner>
        </MenuPortal>
      </MenuRoot>
      {numberCheck ? (
        <Suspense fallback={null}>
          <NumberCheckDialog key={numberCheck.sessionId} flow={numberCheck} />
        </Suspense>
      ) : null}
      {groupTool ? (
        <Suspense fallback={null}>
          <GroupToolDialog key={groupTool.sessionId} flow={groupTool} />
        </Suspense>
      ) : null}
    </>
  );
}
