import type { Translation } from '../i18n-types';

export const productLog = {
  title: '产品事件',
} satisfies Translation['productLog'];
