import type { Translation } from '../i18n-types';

export const layout = {
  skipToContent: 'انتقل إلى المحتوى',
  navigation: 'القائمة الرئيسية',
  openMenu: 'فتح القائمة',
  closeMenu: 'إغلاق القائمة',
  menu: {
    home: 'الرئيسية',
    pipeline: 'مسار المبيعات',
    contacts: 'جهات الاتصال',
    tags: 'الوسوم',
    conversations: 'المحادثات',
    members: 'أعضاء مساحة العمل',
    templates: 'مركز القوالب',
    integrations: 'مركز التكاملات',
    inviteLinks: 'روابط الدعوة',
    analytics: 'التحليلات',
    productEvents: 'أحداث المنتج',
  },
  memberSelector: {
    label: 'عرض بيانات',
    self: '{name} (أنا)',
    noPermission: 'يمكن للمشرفين والمديرين فقط عرض بيانات الأعضاء الآخرين',
  },
  userMenu: {
    trigger: 'قائمة حساب {email}',
    globalSettings: 'الإعدادات العامة',
    language: 'اللغة',
    changePassword: 'تغيير كلمة المرور',
    downloadRecording: 'تنزيل التسجيل',
    signOut: 'تسجيل الخروج',
  },
  privacy: {
    label: 'وضع الخصوصية',
    on: 'وضع الخصوصية مفعّل: الأسماء وأرقام الهواتف والرسائل مموّهة',
    off: 'وضع الخصوصية متوقف: فعّله لتمويه الأسماء وأرقام الهواتف والرسائل',
  },
  progress: 'جارٍ تحميل الصفحة',
} satisfies Translation['layout'];
