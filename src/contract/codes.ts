/**
 * The error-code table (SPEC §8). One table for client, server and extension.
 * Codes 1000xx come from the SPEC; the rest are ours and documented here.
 */
export const Code = {
  OK: 100000,
  /** Sign-out answer that sends the browser to the external logout link (SPEC §7). */
  LOGOUT_REDIRECT: 100002,
  /** Access token expired: the client clears it and goes to login. */
  TOKEN_EXPIRED: 100004,
  /** No session / bad credentials: 'No active account found with the given credentials'. */
  NO_ACTIVE_ACCOUNT: 100006,
  /** Plan does not allow this (export limit dialog). */
  PLAN_LIMIT: 100008,
  /** Signed out. */
  SIGNED_OUT: 100009,
  /** Lead name already exists. */
  NAME_CONFLICT: 100010,
  /** Verification code wrong, expired or already used. */
  CODE_INVALID: 100017,
  /** Password does not meet the rules. */
  PASSWORD_WEAK: 100018,
  /** Current password is wrong (password change). */
  WRONG_PASSWORD: 100019,
  /** Too many attempts, try again later. */
  RATE_LIMITED: 100020,
  /** Google sign-in is not configured or the ID token is not valid. */
  GOOGLE_INVALID: 100021,
  /** Email already belongs to an account (only said to the signed-in owner, never on sign-up). */
  EMAIL_TAKEN: 100022,
  /** Access token not valid (revoked or unknown): the client clears it and goes to login. */
  TOKEN_INVALID: 100026,
  /** The caller's role may not do this. */
  FORBIDDEN: 100030,
  /** No such thing (or not yours to see). */
  NOT_FOUND: 100031,
  /** The caller has no workspace yet (gate sends to /workspace). */
  NO_WORKSPACE: 100040,
  /** Already a member of another workspace. */
  ALREADY_JOINED: 100041,
  /** Seat count of the plan reached. */
  MEMBER_EXCEEDED: 100042,
  /** Invitation token expired or reset. */
  INVITE_EXPIRED: 100043,
  /** The workspace was disbanded. */
  WORKSPACE_DISBANDED: 100044,
  /** Disbanding needs every other member removed first. */
  MEMBERS_REMAIN: 100045,
  /**
   * A lead update carried an edit time older than the lead's (someone saved it meanwhile): nothing
   * is written, and `data` holds the lead as it is now.
   */
  STALE_EDIT: 100046,
  /** Closing a lead needs it in a custom tab first (SPEC §5); a closed lead cannot go to No tabs. */
  LEAD_NEEDS_TAB: 100047,
  /** The member already has a tab with this name (names are compared ignoring case). */
  TAB_NAME_CONFLICT: 100048,
  /** SPEC §8, §9: the account already syncs 5 chat-service numbers. */
  SYNC_LIMIT: 100050,
  /** The member's sync type is off (SPEC §3): the admin turns it on in the member list. */
  SYNC_OFF: 100051,
  /** SPEC §8 tag update: a tag type, or a tag within its type, already has this name (ignoring case). */
  TAG_NAME_CONFLICT: 100802,
  /** SPEC §8 tag update: a tag's values repeat (ignoring case) or are too many; the message says which. */
  TAG_VALUES_INVALID: 100807,
  /** Request body is not JSON. */
  MALFORMED_JSON: 109001,
  /** Request body failed validation (missing field, wrong type ...). */
  VALIDATION: 109000,
  /** Request body larger than the limit. */
  BODY_TOO_LARGE: 109002,
  /** Unexpected server failure. */
  INTERNAL: 109500,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Default English messages per code (the server's `message`). */
export const codeMessage: Record<CodeValue, string> = {
  [Code.OK]: 'success',
  [Code.LOGOUT_REDIRECT]: 'Signed out, continue to the logout page',
  [Code.TOKEN_EXPIRED]: 'Your session has expired, please sign in again',
  [Code.NO_ACTIVE_ACCOUNT]: 'No active account found with the given credentials',
  [Code.PLAN_LIMIT]: 'Your plan does not include this feature',
  [Code.SIGNED_OUT]: 'Signed out',
  [Code.NAME_CONFLICT]: 'The leads name already exists.',
  [Code.CODE_INVALID]: 'The code is wrong or has expired',
  [Code.PASSWORD_WEAK]: 'The password must have at least 8 characters',
  [Code.WRONG_PASSWORD]: 'The current password is wrong',
  [Code.RATE_LIMITED]: 'Too many attempts, please try again later',
  [Code.GOOGLE_INVALID]: 'Google sign-in failed',
  [Code.EMAIL_TAKEN]: 'This email already belongs to an account',
  [Code.TOKEN_INVALID]: 'Your session is not valid, please sign in again',
  [Code.FORBIDDEN]: 'You do not have permission to do this',
  [Code.NOT_FOUND]: 'Not found',
  [Code.NO_WORKSPACE]: 'You have no workspace yet',
  [Code.ALREADY_JOINED]: 'You have already joined another workspace',
  [Code.MEMBER_EXCEEDED]: 'Exceeded personnel limit, please contact administrator to upgrade the package.',
  [Code.INVITE_EXPIRED]: 'The token has expired, please contact the administrator to obtain a new one.',
  [Code.WORKSPACE_DISBANDED]: 'The team workspace has been disbanded. Please contact the team admin.',
  [Code.MEMBERS_REMAIN]: 'Remove every other member before disbanding the workspace',
  [Code.STALE_EDIT]: 'This lead was changed by someone else meanwhile. Review the latest version and save again.',
  [Code.LEAD_NEEDS_TAB]: 'Closing a contact needs a custom tab first.',
  [Code.TAB_NAME_CONFLICT]: 'A tab with this name already exists.',
  [Code.SYNC_LIMIT]: 'You can add up to 5 chat-service numbers for each account.',
  [Code.SYNC_OFF]: 'Chat sync is turned off for this member. Ask the workspace admin to turn it on.',
  [Code.TAG_NAME_CONFLICT]: 'A tag with this name already exists.',
  [Code.TAG_VALUES_INVALID]: 'The tag values are not valid.',
  [Code.MALFORMED_JSON]: 'The request body is not valid JSON',
  [Code.VALIDATION]: 'The request is not valid',
  [Code.BODY_TOO_LARGE]: 'The request body is too large',
  [Code.INTERNAL]: 'Something went wrong on the server',
};

/** Codes after which the client clears the access token and goes to login (SPEC §4 Session). */
export const sessionEndingCodes: ReadonlySet<number> = new Set([Code.TOKEN_EXPIRED, Code.TOKEN_INVALID]);
