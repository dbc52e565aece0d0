import type { Translation } from '../i18n-types';

/** The import-leads wizard (SPEC §2, §4 Import wizard, §5 Import messages). */
export const importer = {
  title: '导入线索',
} satisfies Translation['importer'];
