import type { Translation } from '../i18n-types';

export const common = {
  productName: 'Chat CRM',
  loading: '加载中…',
  backHome: '返回首页',
  signIn: '登录',
  signUp: '创建账号',
  close: '关闭',
  done: '已完成',
  notDone: '待完成',
  adminsOnly: '仅管理员可见',
  languageName: {
    en: 'English',
    'zh-CN': '简体中文',
    ar: 'العربية',
  },
} satisfies Translation['common'];
