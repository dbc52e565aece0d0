/**
 * Leaving a workspace by application (SPEC §4: leaving requires applying to the administrator):
 * a member applies (or withdraws a pending application); the admin and managers list the pending
 * applications on the members page and approve (the member is removed, their data kept) or
 * decline. The member keeps access until approved.
 */
export const leaveEndpoints = {} as const;
