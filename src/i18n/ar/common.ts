import type { Translation } from '../i18n-types';

export const common = {
  productName: 'Chat CRM',
  loading: 'جارٍ التحميل…',
  backHome: 'العودة إلى الصفحة الرئيسية',
  signIn: 'تسجيل الدخول',
  signUp: 'إنشاء حساب',
  close: 'إغلاق',
  done: 'تم',
  notDone: 'لم يتم بعد',
  adminsOnly: 'للمشرفين فقط',
  languageName: {
    en: 'English',
    'zh-CN': '简体中文',
    ar: 'العربية',
  },
} satisfies Translation['common'];
