import type { Translation } from '../i18n-types';

export const pages = {
  notFound: {
    title: '页面不存在',
    body: '你访问的页面不存在或已被移动。',
  },
  error: {
    title: '出错了',
    body: '页面的这一部分无法加载。请检查网络连接后刷新页面。',
    reload: '刷新页面',
  },
} satisfies Translation['pages'];
