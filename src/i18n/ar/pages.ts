import type { Translation } from '../i18n-types';

export const pages = {
  notFound: {
    title: 'الصفحة غير موجودة',
    body: 'الصفحة التي طلبتها غير موجودة أو نُقلت إلى مكان آخر.',
  },
  error: {
    title: 'حدث خطأ ما',
    body: 'تعذّر تحميل هذا الجزء من الصفحة. تحقّق من اتصالك ثم أعد تحميل الصفحة.',
    reload: 'إعادة تحميل الصفحة',
  },
} satisfies Translation['pages'];
