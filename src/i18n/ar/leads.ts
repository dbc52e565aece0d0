import type { Translation } from '../i18n-types';

/** The lead form and the lead's fields (SPEC §3 Lead, Sales info, Company info; §5 messages). */
export const leads = {
  title: 'عميل محتمل',
} satisfies Translation['leads'];
