import type { BaseTranslation } from '../i18n-types';

/** Tag types, tags and their values, and tagging contacts (SPEC §2 /tags, §3 Tag type, Tag, §8 tag messages). */
export const tags = {
  title: 'Tags',
} satisfies BaseTranslation;
