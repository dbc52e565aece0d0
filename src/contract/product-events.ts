/**
 * The product event log (SPEC §7 Analytics logging): the web app's sender posts batches of events
 * (source 7) to the log endpoint; admins read counts per type and day, and the members page reads
 * each member's sync health from the same log.
 */
export const productEventEndpoints = {} as const;
