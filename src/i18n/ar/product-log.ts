import type { Translation } from '../i18n-types';

export const productLog = {
  title: 'أحداث المنتج',
  lead: 'ما سجّله التطبيق، لكل حدث ويوم (بتوقيت UTC). ترسل الصفحات أحداثها في عيّنة من {percent} من مرات تحميل الصفحات؛ ويقدّر التقدير جميع مرات التحميل. يسجّل الخادم كل رفع لمزامنة المحادثات.',
  range: {
    label: 'الأيام',
    quickRanges: 'نطاقات سريعة',
    today: 'اليوم',
    yesterday: 'أمس',
    thisWeek: 'هذا الأسبوع',
    thisMonth: 'هذا الشهر',
    open: 'افتح التقويم',
    prev: 'الشهر السابق',
    next: 'الشهر التالي',
    from: 'من',
    to: 'إلى',
  },
  lastDays: 'آخر 14 يومًا',
  showing: 'من {from} إلى {to} (UTC)',
  tooLong: 'اختر {max} يومًا على الأكثر.',
  columns: { day: 'اليوم (UTC)', type: 'الحدث', events: 'المسجَّل', estimated: 'التقدير لجميع مرات التحميل' },
  types: {
    chatSync: 'بدء مزامنة المحادثات من الصفحة',
    firstRunGuide: 'إغلاق دليل البدء',
    chatSyncUpload: 'رفع مزامنة المحادثات (الخادم)',
  },
  loading: 'جارٍ تحميل الأعداد…',
  empty: 'لم يُسجَّل أي حدث في هذه الأيام.',
  loadFailed: 'تعذّر تحميل الأعداد.',
  retry: 'حاول مرة أخرى',
} satisfies Translation['productLog'];
