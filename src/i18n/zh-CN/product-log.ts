import type { Translation } from '../i18n-types';

export const productLog = {
  title: '产品事件',
  lead: '应用记录的事件，按事件类型和日期（UTC）统计。页面按 {percent} 的页面加载抽样发送事件；估算值按全部页面加载计算。聊天同步上传由服务器逐次记录。',
  range: {
    label: '日期',
    quickRanges: '快捷范围',
    today: '今天',
    yesterday: '昨天',
    thisWeek: '本周',
    thisMonth: '本月',
    open: '打开日历',
    prev: '上个月',
    next: '下个月',
    from: '开始',
    to: '结束',
  },
  lastDays: '最近 14 天',
  showing: '{from} 至 {to}（UTC）',
  tooLong: '最多选择 {max} 天。',
  columns: { day: '日期（UTC）', type: '事件', events: '已记录', estimated: '估算（全部页面加载）' },
  types: {
    chatSync: '页面发起聊天同步',
    firstRunGuide: '关闭新手引导',
    chatSyncUpload: '聊天同步上传（服务器）',
  },
  loading: '正在加载统计…',
  empty: '这些日期没有记录任何事件。',
  loadFailed: '无法加载统计。',
  retry: '重试',
} satisfies Translation['productLog'];
