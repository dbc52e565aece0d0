import type { BaseTranslation } from '../i18n-types';

/** The contacts table, its filters, columns, batch actions, export and the contact's profile (SPEC §2 /contacts, §3). */
export const contacts = {
  title: 'Contacts',
} satisfies BaseTranslation;
