import type { Translation } from '../i18n-types';

export const assistant = {
  menu: {
    title: 'أدوات المساعد',
  },
} satisfies Translation['assistant'];
