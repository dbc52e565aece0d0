/**
 * The member's tabs by real role (SPEC §7 /user/tabs/ under /admin or /member, SPEC §6): the
 * pipeline's tabs flow and the assistant tools' tab choice (adding leads to a tab) load them with
 * this one actor. A refusal counts as a failure to load.
 */
import { fromPromise } from 'xstate';
import { leadCalls, type Tab } from '../../contract/leads';
import { forRole } from '../../contract/role-pair';
import type { RealRole } from '../../contract/roles';
import { dataOf } from '../answer';
import type { FlowServices } from '../flow-services';

export const loadUserTabs = (api: FlowServices['api']) =>
  fromPromise<Tab[], { realRole: RealRole }>(async ({ input, signal }) => dataOf(await api.call(forRole(leadCalls.userTabs, input.realRole), {}, { signal }), 'Tabs').tabs);
