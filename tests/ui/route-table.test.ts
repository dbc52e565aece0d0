/**
 * Facts of the route table that the SPEC states (src/ui/route-table.ts): where the header's
 * member selector is hidden (SPEC §2 Layout: the workspace-members and conversation screens; the
 * team-level pages of the owner and managers hide it too, listed so that any change shows here), which routes skip the login gate
 * (SPEC §2: the named routes joinTransfer and eclientAuth), and /tags like /contacts.
 */
import { describe, expect, it } from 'vitest';
import { gateRulesOf, routeFor, showsMemberSelector } from '../../src/ui/route-entry';
import { routeTable } from '../../src/ui/route-table';

describe('the route table', () => {
  it('hides the member selector exactly on these main-layout screens', () => {
    const hidden = routeTable.filter((r) => r.layout === 'main' && !r.memberSelector).map((r) => r.path);
    expect(hidden).toEqual([
      // SPEC §2 Layout's two screens.
      '/conversation',
      // Team-level pages of the owner and managers (and the guides), where no member's data shows.
      '/integration-center/permissions',
      '/integration-center/guide',
      '/integration-center/hubspot/guide',
      '/integration-center/saleforce/guide',
      '/template-center',
      '/template-center/tabs',
      '/template-center/quick-reply',
      '/template-center/auto-reply',
      '/settings/workspace-members',
      '/settings/product-events',
    ]);
    // The screens of the SPEC's main layout that show a member's data keep it.
    for (const path of ['/v2/home', '/pipeline', '/contacts', '/tags', '/analytics', '/invite-link/group', '/integration-center']) {
      expect(showsMemberSelector(path, routeTable), path).toBe(true);
    }
    expect(showsMemberSelector('/tags', routeTable)).toBe(true);
    expect(hidden).not.toContain('/tags');
  });

  it('lets exactly joinTransfer and eclientAuth skip the login gate', () => {
    expect(routeTable.filter((r) => r.skipsGate).map((r) => r.path)).toEqual(['/eclient/auth', '/workspace/join-transfer']);
    expect(gateRulesOf(routeTable).gatelessPaths).toEqual(['/eclient/auth', '/workspace/join-transfer']);
    const joinTransfer = routeFor('/workspace/join-transfer', routeTable);
    expect(joinTransfer).toMatchObject({ access: 'public', layout: 'standalone', screen: 'JoinTransferScreen' });
    // The other public pages go through the gate (its step 1 applies to them).
    expect(routeFor('/login', routeTable)?.skipsGate).toBe(false);
  });

  it('loads the filter row’s texts with /tags, as with /contacts', () => {
    expect(routeFor('/tags', routeTable)?.areas).toEqual(expect.arrayContaining(['tags', 'leads']));
    expect(routeFor('/contacts', routeTable)?.areas).toEqual(expect.arrayContaining(['leads']));
  });
});
