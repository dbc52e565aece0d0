import type { Translation } from '../i18n-types';

export const billing = {
  money: {
    total: '合计：{amount}',
  },
  seats: {
    title: '添加席位',
  },
  upgrade: {
    title: '升级套餐',
    success: '您的套餐已成功升级。',
  },
  survey: {
    title: '您上次的付款未成功',
  },
  checkout: {
    waiting: '请在结账标签页中完成付款…',
  },
} satisfies Translation['billing'];
