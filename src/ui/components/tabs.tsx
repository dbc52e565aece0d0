import { Tabs } from '@ark-ui/react/tabs';
import { createStyleContext } from '../../../styled-system/jsx';
import { tabs } from '../../../styled-system/recipes';

const { withProvider, withContext } = createStyleContext(tabs);

/**
 * Ark Tabs parts with Park UI's tabs recipe (`variant` 'enclosed' | 'line' | 'outline', `size` on TabsRoot).
 * Arrow keys move between triggers (mirrored in RTL when `dir="rtl"` is passed or inherited from LocaleProvider).
 */
export const TabsRoot = withProvider(Tabs.Root, 'root');
export const TabsList = withContext(Tabs.List, 'list');
export const TabsTrigger = withContext(Tabs.Trigger, 'trigger');
export const TabsContent = withContext(Tabs.Content, 'content');
export const TabsIndicator = withContext(Tabs.Indicator, 'indicator');
