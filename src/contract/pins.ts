/**
 * Pinned chats (SPEC §2 assistant tools, pin chats): a member pins and unpins chats of the
 * conversations list; pinned ones show first; kept per member on the server
 * (server/db/schema.ts chatPins). Loaded with the conversations screen.
 */
export const pinEndpoints = {} as const;
