/**
 * Business constants and limits (SPEC §9), named once. Machines use them as named delays and
 * limits; services and views import them from here.
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

// ---- Extension and sync ----
/** Chat-sync polling: once per second ... */
export const SYNC_POLL_INTERVAL_MS = 1_000;
/** ... up to 20 tries. */
export const SYNC_POLL_MAX_ATTEMPTS = 20;
/** First-run guidance polls the extension for login info every second. */
export const EXTENSION_LOGIN_POLL_MS = 1_000;
/** Conversation refresh loop. */
export const CONVERSATION_REFRESH_MS = 20_000;
/** Messages fetched per conversation request. */
export const MESSAGES_PER_FETCH = 50;
/** Chat-service numbers per account. */
export const MAX_CHAT_NUMBERS = 5;
/** Larger chat files show a placeholder message. */
export const MAX_CHAT_FILE_BYTES = 16 * 1024 * 1024;

// ---- Invitations ----
/** Invite links per submission. */
export const INVITE_LINKS_MAX_PER_SUBMISSION = 10;
/** Group invite links need at least this many links. */
export const GROUP_INVITE_LINKS_MIN = 2;
/** An invitation link is valid for 7 days (resetting invalidates the old one). */
export const INVITATION_LINK_VALID_DAYS = 7;
/** A password-reset code is valid for 72 hours. */
export const RESET_CODE_VALID_HOURS = 72;

// ---- Page sizes ----
export const PAGE_SIZE = {
  leads: 40,
  leadsMobile: 5,
  contacts: 15,
  chat: 500,
  members: 20,
  shareLinks: 20,
} as const;

// ---- Payments ----
/** Seat price and seat payment requests at most once per 3 s. */
export const SEAT_REQUEST_THROTTLE_MS = 3_000;
/** Seat prices arrive in cents: shown divided by this, with two decimals. */
export const CENTS_PER_UNIT = 100;
/** Minimum seats to add. */
export const MIN_SEATS_TO_ADD = 1;
/** Coupon offered in the payment-issue survey, in percent. */
export const SURVEY_COUPON_PERCENT = 10;
/** Plan title when the plan gives none. */
export const DEFAULT_PLAN_TITLE = 'Free';

// ---- Refresh intervals ----
/** Object-store credentials are refreshed every 30 minutes. */
export const STORAGE_TOKEN_REFRESH_MS = 30 * 60 * 1_000;
/** Frequently-used tags are refreshed at most every 10 s. */
export const FREQUENT_TAGS_REFRESH_MS = 10_000;

// ---- Import wizard, analytics, misc ----
/** Import wizard steps (file, mapping, confirm). */
export const IMPORT_WIZARD_STEPS = 3;
/** Mappable import fields. */
export const IMPORT_MAX_MAPPED_FIELDS = 6;
/** Analytics shows the top 10 waiting-hours leads. */
export const ANALYTICS_TOP_WAITING = 10;
/** Date after which a feature ends maintenance (home bulletin). */
export const MAINTENANCE_END_DATE = '2024-11-11';
/** A guidance constant of the original product (meaning not documented, SPEC §9). */
export const GUIDANCE_CONSTANT = 10;
/** Guide type that opens the payment-issue dialog (SPEC §4). */
export const PAYMENT_ISSUE_GUIDE_TYPE = 13;

// ---- Routes (SPEC §2, docs/frontend-interfaces.md) ----
/** Base path the app is served under. */
export const BASE_PATH = '/crm/';
/** The home page (SPEC §2 "/crm/v2/home"); `/home` redirects to it. */
export const HOME_PATH = '/v2/home';
/** Paths that count as the home page. */
export const HOME_PATHS: readonly string[] = ['/home', HOME_PATH];
export const LOGIN_PATH = '/login';
export const WORKSPACE_PATH = '/workspace';
export const NOT_FOUND_PATH = '/404';
/** Paths the login gate lets through without a session (incl. named routes joinTransfer and eclientAuth). */
export const PUBLIC_PATHS: readonly string[] = [
  LOGIN_PATH,
  '/signup',
  '/reset-password',
  '/confirmed',
  '/intro',
  NOT_FOUND_PATH,
  '/join-transfer',
  '/eclient/auth',
];
/** Paths a signed-in user without a workspace may still open. */
export const NO_WORKSPACE_PATHS: readonly string[] = [WORKSPACE_PATH, NOT_FOUND_PATH];
/** Route prefixes only some real roles may open (SPEC §6: only admins see the template centre). */
export const ROLE_RESTRICTED_ROUTES: readonly { prefix: string; roles: readonly ('admin' | 'member')[] }[] = [
  { prefix: '/template-center', roles: ['admin'] },
];
/** Query parameters the gate reads or writes. */
export const INVITE_TOKEN_PARAM = 'invite_token';
export const REDIRECT_PARAM = 'redirect';
export const WORKSPACE_TO_PARAM = 'to';
