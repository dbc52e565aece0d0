import type { Translation } from '../i18n-types';

export const assistant = {
  menu: {
    title: '助手工具',
  },
} satisfies Translation['assistant'];
