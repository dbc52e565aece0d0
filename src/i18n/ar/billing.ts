import type { Translation } from '../i18n-types';

export const billing = {
  money: {
    total: 'الإجمالي: {amount}',
  },
  seats: {
    title: 'إضافة مقاعد',
  },
  upgrade: {
    title: 'ترقية باقتك',
    success: 'تمت ترقية باقتك بنجاح.',
  },
  survey: {
    title: 'لم تتم عملية الدفع الأخيرة',
  },
  checkout: {
    waiting: 'أكمل الدفع في علامة تبويب الدفع…',
  },
} satisfies Translation['billing'];
