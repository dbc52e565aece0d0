/**
 * Business constants and limits (SPEC §9), named once. Machines use them as named delays and
 * limits; services and views import them from here. A constant is added with the feature that
 * first uses it (chat sync, conversation refresh, seats ...), not before.
 */

// ---- Wire and transport ----
/** Answer code of a successful call. */
export const SUCCESS_CODE = 100000;
/** Request time-out. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** At most one error toast per interval. */
export const ERROR_TOAST_THROTTLE_MS = 1_000;
/** A script chunk that has not loaded by then raises a load-failed error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// ---- Home ----
/** Date after which a feature ends maintenance (home bulletin). */
export const MAINTENANCE_END_DATE = '2024-11-11';

// ---- Routes (SPEC §2; every route's facts are in src/ui/route-table.ts) ----
/** Base path the app is served under. */
export const BASE_PATH = '/crm/';
/** The home page (SPEC §2 "/crm/v2/home"); `/home` redirects to it. */
export const HOME_PATH = '/v2/home';
/** The lead pipeline (SPEC §2 Pipeline: lead panels per tab); its filters live in the query string. */
export const PIPELINE_PATH = '/pipeline';
export const CONTACTS_PATH = '/contacts';
export const MEMBERS_PATH = '/settings/workspace-members';
/** The screens that show the synced conversations (SPEC §2 /conversation, and the standalone /chats, /hubspot-chats, /conversations). */
export const CONVERSATION_PATHS: readonly string[] = ['/conversation', '/chats', '/hubspot-chats', '/conversations'];
/** The conversations screen's query parameter naming a chat (its chat-service id) to open once the list has it. */
export const CHAT_PARAM = 'chat';
/** The conversations screen with one chat open (from an analytics ranking row, say). */
export const chatPath = (chatWhatsappId: string): string => `/conversation?${CHAT_PARAM}=${encodeURIComponent(chatWhatsappId)}`;
/** Paths that count as the home page. */
export const HOME_PATHS: readonly string[] = ['/home', HOME_PATH];
export const LOGIN_PATH = '/login';
export const WORKSPACE_PATH = '/workspace';
export const NOT_FOUND_PATH = '/404';
/** Query parameters the gate reads or writes. */
export const INVITE_TOKEN_PARAM = 'invite_token';
export const REDIRECT_PARAM = 'redirect';
export const WORKSPACE_TO_PARAM = 'to';

/** Where a flow asks the router to go (the `navigate` action's params). */
export type NavigateParams = { to: string; replace: boolean };

/** An in-app path that is safe to navigate to (no scheme, no protocol-relative URL, no backslash trick). */
export const isSafeInternalPath = (value: string | null | undefined): value is string =>
  !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

// ---- Pipeline ----
/** Leads a pipeline panel loads per page on a phone-narrow screen (SPEC §9; 40 otherwise, the contract's LEADS_PAGE_SIZE). */
export const PHONE_LEADS_PAGE_SIZE = 5;
