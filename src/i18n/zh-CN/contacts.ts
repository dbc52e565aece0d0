import type { Translation } from '../i18n-types';

/** The contacts table, its filters, columns, batch actions, export and the contact's profile (SPEC §2 /contacts, §3). */
export const contacts = {
  title: '联系人',
} satisfies Translation['contacts'];
