import type { Translation } from '../i18n-types';

export const productLog = {
  title: 'أحداث المنتج',
} satisfies Translation['productLog'];
