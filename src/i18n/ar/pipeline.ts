import type { Translation } from '../i18n-types';

/** The lead pipeline screen (SPEC §2 Pipeline: lead panels per tab). */
export const pipeline = {
  title: 'مسار المبيعات',
} satisfies Translation['pipeline'];
