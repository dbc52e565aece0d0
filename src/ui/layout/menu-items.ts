/**
 * The side menu's entries for every role, derived from the route table (src/ui/route-table.ts),
 * for views that look an entry up by path. The side menu itself uses `menuEntriesFor(role)`.
 */
import { routeTable, type MenuEntry } from '../route-table';

export const menuEntries: readonly MenuEntry[] = routeTable.flatMap((r) => (r.menu ? [{ ...r.menu, path: r.path }] : []));
