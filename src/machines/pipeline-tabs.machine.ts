import { assign, raise, setup, type ActorRefFrom } from 'xstate';
import { NO_TAB_ID, NO_TAB_NAME, tabNameSchema, type Tab } from '../contract/leads';
import type { RealRole } from '../contract/roles';
import type { Answer, Outcome } from './answer';
import { actionNotProvided, actorNotProvided } from './not-provided';
import { failureText, refusalText, type DeleteTabInput, type ReorderTabsInput, type RoleInput, type SaveTabInput } from './pipeline-calls';

/**
 * The pipeline's tabs (SPEC §2 Pipeline: lead panels per tab; §3 Tab; §7 Tabs), a child flow of
 * the pipeline (pipeline.machine.ts), which starts it with the board (again for another member or
 * role) and spawns one lead panel per tab it lists.
 *
 * Three regions side by side:
 * - list: the member's tabs, No tabs (id 0) first (added when the server leaves it out), then the
 *   custom tabs in order; a failed load offers a retry. Every list (loaded, reordered, rolled back)
 *   is announced (`tabs.listed`): the parent keeps a panel per tab, in this order.
 * - order: a custom tab moved one place earlier or later shows at once and the whole order is
 *   saved; a refusal or a failure puts the order of before back, with a notice (`tabs.failed`).
 *   Moving again waits until the order is saved.
 * - dialog: one tab dialog at a time. Add and rename take a name (typed into the context, the view's
 *   field shows it), checked with the contract's own rule before any call; a refusal (a name in
 *   use) shows in the dialog. Delete asks for a confirmation; the tab's leads move to No tabs
 *   (`tabs.deleted`: the parent reloads No tabs). After a save or a delete the list loads again and
 *   the parent refreshes its counts (`tabs.changed`); a save says SPEC §8 'Successfully saved'
 *   (`notifySaved`, a toast). A running call cannot be cancelled.
 *
 * It tells the parent through one provided action, `announce` (the parent's effects send it up).
 * Tags for the view: loadingTabs, tabsFailed, tabDialog, busy.
 */

/** The dialog open: add a tab, rename one, or confirm deleting one. */
export type TabDialog = { mode: 'add' } | { mode: 'rename'; tab: Tab } | { mode: 'delete'; tab: Tab };

/** What the tabs tell the pipeline. */
export type TabsAnnouncement =
  | { type: 'tabs.listed'; tabs: Tab[] }
  | { type: 'tabs.changed' }
  | { type: 'tabs.deleted'; tabId: number }
  | { type: 'tabs.failed'; message: string };

export type PipelineTabsInput = { realRole: RealRole };

export type PipelineTabsContext = PipelineTabsInput & {
  /** No tabs (id 0) first, then the custom tabs in order. */
  tabs: Tab[];
  /** The custom tab order before an unsaved reorder (its rollback). */
  orderBefore: number[] | null;
  dialog: TabDialog | null;
  /** The name typed in the add or rename dialog. */
  name: string;
  /** Why the dialog's name or call was refused, shown in the dialog. */
  error: string | null;
};

export type PipelineTabsEvent =
  | { type: 'user.retry' }
  | { type: 'user.moveTab'; tabId: number; direction: -1 | 1 }
  | { type: 'user.addTab' }
  | { type: 'user.renameTab'; tab: Tab }
  | { type: 'user.deleteTab'; tab: Tab }
  | { type: 'user.typeTabName'; name: string }
  | { type: 'user.saveTab' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  /** Internal: the list changed on the server (a tab saved or deleted). */
  | { type: 'tabs.reload' };

const noTabs: Tab = { id: NO_TAB_ID, name: NO_TAB_NAME, isDefault: 1 };

/** No tabs first (added when missing), then the custom tabs in the order given. */
export const orderTabs = (tabs: readonly Tab[]): Tab[] => [tabs.find((t) => t.id === NO_TAB_ID) ?? noTabs, ...tabs.filter((t) => t.id !== NO_TAB_ID)];

/** The custom tab ids in order. */
export const customTabIds = (tabs: readonly Tab[]): number[] => tabs.filter((t) => t.id !== NO_TAB_ID).map((t) => t.id);

/** The tabs with the custom ones in the order of `ids` (tabs not in `ids` after them, as they were). */
export const tabsInOrder = (tabs: readonly Tab[], ids: readonly number[]): Tab[] => {
  const rank = (t: Tab) => (ids.includes(t.id) ? ids.indexOf(t.id) : ids.length);
  return orderTabs([...tabs].sort((a, b) => (a.id === NO_TAB_ID ? -1 : b.id === NO_TAB_ID ? 1 : rank(a) - rank(b))));
};

/** The custom tab ids after moving `tabId` one place (null when it cannot move that way). */
export const movedTabOrder = (tabs: readonly Tab[], tabId: number, direction: -1 | 1): number[] | null => {
  const ids = customTabIds(tabs);
  const at = ids.indexOf(tabId);
  const to = at + direction;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const out = [...ids];
  out[at] = ids[to]!;
  out[to] = tabId;
  return out;
};

/** Why a tab name is refused (the contract's message), or null. */
export const tabNameError = (name: string): string | null => {
  const parsed = tabNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a tab name');
};

const listed = (tabs: Tab[]): TabsAnnouncement => ({ type: 'tabs.listed', tabs });

export const pipelineTabsMachine = setup({
  types: {} as {
    context: PipelineTabsContext;
    events: PipelineTabsEvent;
    input: PipelineTabsInput;
    tags: 'loadingTabs' | 'tabsFailed' | 'tabDialog' | 'busy';
  },
  actors: {
    loadTabs: actorNotProvided<Tab[], RoleInput>('loadTabs'),
    reorderTabs: actorNotProvided<Answer<Tab[]>, ReorderTabsInput>('reorderTabs'),
    saveTab: actorNotProvided<Answer<Tab>, SaveTabInput>('saveTab'),
    deleteTab: actorNotProvided<Outcome, DeleteTabInput>('deleteTab'),
  },
  actions: {
    /** Tells the pipeline (`sendParent` in the effects): the list, a change, a deleted tab, a failed reorder. */
    announce: actionNotProvided<TabsAnnouncement>('announce'),
    /** SPEC §8 'Successfully saved': the tab dialog's Save went through (a new tab or a new name), as a toast. */
    notifySaved: actionNotProvided('notifySaved'),
    showTabs: assign((_, tabs: Tab[]) => ({ tabs: orderTabs(tabs) })),
    /** Reorders the custom tabs at once, remembering the order of before. */
    reorder: assign(({ context }, ids: number[]) => ({ orderBefore: customTabIds(context.tabs), tabs: tabsInOrder(context.tabs, ids) })),
    keepOrder: assign({ orderBefore: null }),
    rollBack: assign(({ context }) => ({ tabs: tabsInOrder(context.tabs, context.orderBefore ?? []), orderBefore: null })),
    openDialog: assign((_, dialog: TabDialog) => ({ dialog, name: dialog.mode === 'rename' ? dialog.tab.name : '', error: null })),
    typeName: assign((_, name: string) => ({ name, error: null })),
    showError: assign((_, error: string | null) => ({ error })),
    closeDialog: assign({ dialog: null, name: '', error: null }),
    reload: raise({ type: 'tabs.reload' }),
  },
  guards: {
    canMoveTab: ({ context }, params: { tabId: number; direction: -1 | 1 }) => movedTabOrder(context.tabs, params.tabId, params.direction) !== null,
    isCustomTab: (_, tab: Tab) => tab.id !== NO_TAB_ID,
    /** The typed name is one the contract accepts. */
    nameValid: ({ context }) => tabNameError(context.name) === null,
    refused: (_, answer: { ok: boolean }) => !answer.ok,
  },
}).createMachine({
  id: 'pipelineTabs',
  meta: { recordable: ['realRole', 'tabs', 'orderBefore', 'dialog', 'name', 'error'] },
  context: ({ input }) => ({ realRole: input.realRole, tabs: [], orderBefore: null, dialog: null, name: '', error: null }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loadingTabs'],
          on: { 'tabs.reload': { target: 'loading', reenter: true } },
          invoke: {
            id: 'loadTabs',
            src: 'loadTabs',
            input: ({ context }) => ({ realRole: context.realRole }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'showTabs', params: ({ event }) => event.output },
                { type: 'announce', params: ({ context }) => listed(context.tabs) },
              ],
            },
            onError: 'failed',
          },
        },
        failed: {
          description: 'The tabs could not be loaded; the panels of before (if any) stay. The view offers a retry.',
          tags: ['tabsFailed'],
          on: { 'user.retry': 'loading', 'tabs.reload': 'loading' },
        },
        ready: { on: { 'tabs.reload': 'loading' } },
      },
    },
    order: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.moveTab': {
              guard: { type: 'canMoveTab', params: ({ event }) => event },
              target: 'saving',
              actions: [
                { type: 'reorder', params: ({ context, event }) => movedTabOrder(context.tabs, event.tabId, event.direction) ?? customTabIds(context.tabs) },
                { type: 'announce', params: ({ context }) => listed(context.tabs) },
              ],
            },
          },
        },
        saving: {
          description: 'The new tab order shows and is saving; moving a tab again waits until it is saved.',
          invoke: {
            id: 'reorderTabs',
            src: 'reorderTabs',
            input: ({ context }) => ({ realRole: context.realRole, tabIds: customTabIds(context.tabs) }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'idle',
                actions: [
                  'rollBack',
                  { type: 'announce', params: ({ context }) => listed(context.tabs) },
                  { type: 'announce', params: ({ event }) => ({ type: 'tabs.failed', message: refusalText(event.output) }) },
                ],
              },
              { target: 'idle', actions: 'keepOrder' },
            ],
            onError: {
              target: 'idle',
              actions: [
                'rollBack',
                { type: 'announce', params: ({ context }) => listed(context.tabs) },
                { type: 'announce', params: ({ event }) => ({ type: 'tabs.failed', message: failureText(event.error) }) },
              ],
            },
          },
        },
      },
    },
    dialog: {
      initial: 'none',
      states: {
        none: {
          on: {
            'user.addTab': { target: 'naming', actions: { type: 'openDialog', params: { mode: 'add' } } },
            'user.renameTab': {
              guard: { type: 'isCustomTab', params: ({ event }) => event.tab },
              target: 'naming',
              actions: { type: 'openDialog', params: ({ event }) => ({ mode: 'rename', tab: event.tab }) },
            },
            'user.deleteTab': {
              guard: { type: 'isCustomTab', params: ({ event }) => event.tab },
              target: 'confirmDelete',
              actions: { type: 'openDialog', params: ({ event }) => ({ mode: 'delete', tab: event.tab }) },
            },
          },
        },
        naming: {
          description: 'The add or rename dialog takes a name; the contract checks it before any call.',
          tags: ['tabDialog'],
          on: {
            'user.typeTabName': { actions: { type: 'typeName', params: ({ event }) => event.name } },
            'user.saveTab': [
              { guard: 'nameValid', target: 'saving' },
              { actions: { type: 'showError', params: ({ context }) => tabNameError(context.name) } },
            ],
            'user.cancel': { target: 'none', actions: 'closeDialog' },
          },
        },
        saving: {
          description: 'The tab is being added or renamed; a refusal (a name in use) shows in the dialog.',
          tags: ['tabDialog', 'busy'],
          invoke: {
            id: 'saveTab',
            src: 'saveTab',
            input: ({ context }) => {
              const dialog = context.dialog;
              return { realRole: context.realRole, name: context.name.trim(), ...(dialog?.mode === 'rename' ? { tabId: dialog.tab.id } : {}) };
            },
            onDone: [
              { guard: { type: 'refused', params: ({ event }) => event.output }, target: 'naming', actions: { type: 'showError', params: ({ event }) => refusalText(event.output) } },
              { target: 'none', actions: ['closeDialog', 'reload', { type: 'announce', params: { type: 'tabs.changed' } }, 'notifySaved'] },
            ],
            onError: { target: 'naming', actions: { type: 'showError', params: ({ event }) => failureText(event.error) } },
          },
        },
        confirmDelete: {
          description: 'The delete dialog waits for the person to confirm (the tab’s leads move to No tabs).',
          tags: ['tabDialog'],
          on: {
            'user.confirm': 'deleting',
            'user.cancel': { target: 'none', actions: 'closeDialog' },
          },
        },
        deleting: {
          description: 'The tab is being deleted; its leads move to No tabs.',
          tags: ['tabDialog', 'busy'],
          invoke: {
            id: 'deleteTab',
            src: 'deleteTab',
            input: ({ context }) => ({ realRole: context.realRole, tabId: context.dialog?.mode === 'delete' ? context.dialog.tab.id : NO_TAB_ID }),
            onDone: [
              {
                guard: { type: 'refused', params: ({ event }) => event.output },
                target: 'confirmDelete',
                actions: { type: 'showError', params: ({ event }) => refusalText(event.output) },
              },
              {
                target: 'none',
                actions: [
                  { type: 'announce', params: ({ context }) => ({ type: 'tabs.deleted', tabId: context.dialog?.mode === 'delete' ? context.dialog.tab.id : NO_TAB_ID }) },
                  'closeDialog',
                  'reload',
                  { type: 'announce', params: { type: 'tabs.changed' } },
                ],
              },
            ],
            onError: { target: 'confirmDelete', actions: { type: 'showError', params: ({ event }) => failureText(event.error) } },
          },
        },
      },
    },
  },
});

export type PipelineTabsActorRef = ActorRefFrom<typeof pipelineTabsMachine>;

/** The tab a dialog names (rename, delete), if any. */
export const dialogTab = (context: Pick<PipelineTabsContext, 'dialog'>): Tab | null => (context.dialog && context.dialog.mode !== 'add' ? context.dialog.tab : null);
