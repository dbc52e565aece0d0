import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { createStyleContext } from '../../../styled-system/jsx';
import { menu } from '../../../styled-system/recipes';

const { withRootProvider, withContext } = createStyleContext(menu);

/**
 * Ark Menu parts with Park UI's menu recipe (`size` on MenuRoot: 'xs' | 'sm' | 'md' | 'lg').
 * Keyboard: arrows, Home/End, typeahead, Escape; placement follows `dir` (RTL-aware).
 * Usage: <MenuRoot onSelect={(d) => send({type: 'user.pick', value: d.value})}>
 *          <MenuTrigger>…</MenuTrigger><MenuPortal><MenuPositioner><MenuContent>
 *            <MenuItem value="a">…</MenuItem></MenuContent></MenuPositioner></MenuPortal></MenuRoot>
 */
export const MenuRoot = withRootProvider(Menu.Root);
export const MenuTrigger = withContext(Menu.Trigger, 'trigger');
export const MenuPositioner = withContext(Menu.Positioner, 'positioner');
export const MenuContent = withContext(Menu.Content, 'content');
export const MenuItem = withContext(Menu.Item, 'item');
export const MenuItemText = withContext(Menu.ItemText, 'itemText');
export const MenuItemGroup = withContext(Menu.ItemGroup, 'itemGroup');
export const MenuItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel');
export const MenuSeparator = withContext(Menu.Separator, 'separator');
export const MenuTriggerItem = withContext(Menu.TriggerItem, 'triggerItem');
export const MenuIndicator = withContext(Menu.Indicator, 'indicator');
export const MenuPortal = Portal;
