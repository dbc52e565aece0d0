import type { Translation } from '../i18n-types';

/** The import-leads wizard (SPEC §2, §4 Import wizard, §5 Import messages). */
export const importer = {
  title: 'استيراد العملاء المحتملين',
} satisfies Translation['importer'];
