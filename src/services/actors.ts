/**
 * The real implementations of the core machines' named effects (ARCHITECTURE.md "Statecharts").
 *
 * `createActors(services)` returns, per machine, the actors, actions and guards built on the
 * services; the wiring passes them to `machine.provide(...)` together with the few effects that
 * belong to the views:
 *
 * - loginGate: + `navigate` (react-router's navigate);
 * - session: + `navigate`, `announceSessionEnded` (send `session.ended` to the gate and the
 *   selected-member actor);
 * - selectedMember, language: complete.
 */
import { fromPromise } from 'xstate';
import type { ConfigItem, Language, PayInfo, UserInfo } from '../contract/account';
import { Code } from '../contract/codes';
import type { WorkspaceInfo, WorkspaceMember } from '../contract/workspace';
import { BASE_PATH, LOGIN_PATH } from '../machines/constants';
import type { LanguageParams } from '../machines/language.machine';
import type {
  InvitationAnswer,
  InvitationInfo,
  JoinWorkspaceInput,
  LoadInvitationInput,
} from '../machines/invitation.machine';
import type {
  ApiAnswer,
  FetchUserConfigInput,
  FetchWorkspaceInfoInput,
  GateAccount,
} from '../machines/login-gate.machine';
import type { ApiClient, ApiResult } from './api/client';
import type { AppStorage } from './storage';
import { accountEndpoints } from '../contract/account';
import { workspaceEndpoints } from '../contract/workspace';

export type ActorServices = {
  api: ApiClient;
  storage: AppStorage;
  /** Loads the dictionary of a language (typesafe-i18n's `loadLocaleAsync`). */
  loadLocale(language: Language): Promise<void>;
  /** Called once `obtainToken` stored a fresh access token (the wiring sends `session.signedIn`). */
  onTokenObtained?(): void;
  /** Where sign-out code 100002 sends the browser (default: the app's login page). */
  logoutUrl?: string;
  /** Leaves the app for a URL (default: `window.location.assign`). */
  openUrl?(url: string): void;
  /** The document whose `<html>` carries lang and dir (default: the global document). */
  document?: Pick<Document, 'documentElement'>;
};

/** A call answered, but not with data: the gate decides by the code. */
const answerOf = <T>(result: ApiResult<T>, what: string): ApiAnswer<T> => {
  if (result.raw) throw new Error(`${what}: the server did not answer with JSON`);
  return result.ok ? { code: result.code, data: result.data } : { code: result.code, data: null };
};

/** Only a successful answer will do. */
const dataOf = <T>(result: ApiResult<T>, what: string): T => {
  if (result.ok && !result.raw) return result.data;
  throw new Error(`${what} failed${result.code === null ? '' : ` (code ${result.code})`}`);
};

/** An answer for a flow machine: the data, or the code and message of a refusal (non-JSON counts as a refusal). */
const invitationAnswerOf = <T>(result: ApiResult<T>): InvitationAnswer<T> => {
  if (result.raw) return { ok: false, code: 0, message: result.data };
  return result.ok ? { ok: true, data: result.data } : { ok: false, code: result.code, message: result.message };
};

/**
 * The invitation machine's actors (the screen adds `reloadGate` and `navigate`): what a token
 * leads to, and joining by an email invitation or by a public link.
 */
export const createInvitationActors = (api: ApiClient) => ({
  actors: {
    loadInvitation: fromPromise<InvitationAnswer<InvitationInfo>, LoadInvitationInput>(async ({ input }) =>
      invitationAnswerOf(await api.call(workspaceEndpoints.invitationInfo, { inviteToken: input.inviteToken })),
    ),
    joinWorkspace: fromPromise<InvitationAnswer<unknown>, JoinWorkspaceInput>(async ({ input }) =>
      invitationAnswerOf(
        input.kind === 'public'
          ? await api.call(workspaceEndpoints.joinByPublicInviteUrl, { inviteToken: input.inviteToken })
          : await api.call(workspaceEndpoints.workspaceJoin, { email: input.email, inviteToken: input.inviteToken }),
      ),
    ),
  },
});

export const createActors = (services: ActorServices) => {
  const { api, storage } = services;
  const openUrl = services.openUrl ?? ((url: string) => window.location.assign(url));
  const doc = (): Pick<Document, 'documentElement'> | undefined =>
    services.document ?? (typeof document === 'undefined' ? undefined : document);
  const hasStoredToken = (): boolean => storage.get('accessToken') !== null;

  const loginGate = {
    actors: {
      obtainToken: fromPromise<void, void>(async () => {
        const token = dataOf(await api.call(accountEndpoints.token), 'Obtaining an access token');
        storage.set('accessToken', token.accessToken);
        services.onTokenObtained?.();
      }),
      fetchUserInfo: fromPromise<ApiAnswer<UserInfo>, void>(async () => answerOf(await api.call(accountEndpoints.userInfo), 'User info')),
      fetchPayInfo: fromPromise<PayInfo, void>(async () => dataOf(await api.call(accountEndpoints.payInfo), 'Pay info')),
      fetchWorkspaceInfo: fromPromise<ApiAnswer<WorkspaceInfo>, FetchWorkspaceInfoInput>(async ({ input }) =>
        answerOf(await api.call(workspaceEndpoints.workspaceInfo, input.inviteToken ? { inviteToken: input.inviteToken } : {}), 'Workspace info'),
      ),
      fetchMemberList: fromPromise<WorkspaceMember[], void>(
        async () => dataOf(await api.call(workspaceEndpoints.workspaceList), 'Member list').members,
      ),
      fetchUserConfig: fromPromise<ConfigItem[], FetchUserConfigInput>(
        async ({ input }) =>
          dataOf(await api.call(input.role === 'admin' ? accountEndpoints.adminConfigList : accountEndpoints.memberConfigList), 'User config').items,
      ),
    },
    guards: { hasStoredToken },
    actions: {
      /** Keeps the account pieces SPEC §3 lists among the browser storage keys. */
      storeAccount: (_: unknown, account: GateAccount): void => {
        const { userInfo, payInfo } = account;
        if (!userInfo) return;
        storage.set('userInfo', userInfo);
        storage.set('planGroup', payInfo?.planGroup || userInfo.planGroup);
        const own = userInfo.syncTypes.find((s) => s.userId === userInfo.userId);
        if (own) storage.set('syncType', own.syncType);
      },
    },
  };

  const session = {
    actors: {
      /** Resolves the sign-out answer code (a non-JSON answer counts as signed out). */
      signOut: fromPromise<number, void>(async () => {
        const result = await api.call(accountEndpoints.logout);
        return result.code ?? Code.OK;
      }),
    },
    guards: { hasStoredToken },
    actions: {
      clearToken: (): void => storage.remove('accessToken'),
      openLogoutLink: (): void => openUrl(services.logoutUrl ?? `${BASE_PATH.replace(/\/$/, '')}${LOGIN_PATH}`),
    },
  };

  const selectedMember = {
    actions: {
      persistSelection: (_: unknown, params: { userId: string }): void => {
        if (params.userId) storage.set('selectedMember', params.userId);
      },
    },
  };

  const language = {
    actors: {
      loadLocale: fromPromise<void, { language: Language }>(({ input }) => services.loadLocale(input.language)),
      /** The server copy of the setting; only a signed-in user has one. */
      saveSetting: fromPromise<void, { language: Language }>(async ({ input }) => {
        if (!hasStoredToken()) return;
        dataOf(await api.call(accountEndpoints.userSetting, { language: input.language }), 'Saving the language');
      }),
    },
    actions: {
      applyLanguage: (_: unknown, params: LanguageParams): void => {
        const root = doc()?.documentElement;
        if (!root) return;
        root.lang = params.language;
        root.dir = params.dir;
      },
      persistLanguage: (_: unknown, params: { language: Language }): void => storage.set('language', params.language),
    },
  };

  const invitation = createInvitationActors(api);

  return { loginGate, session, selectedMember, language, invitation };
};

export type AppActors = ReturnType<typeof createActors>;
