import type { Translation } from '../i18n-types';

export const layout = {
  skipToContent: '跳到主要内容',
  navigation: '主菜单',
  openMenu: '打开菜单',
  closeMenu: '关闭菜单',
  menu: {
    home: '首页',
    pipeline: '销售管道',
    contacts: '联系人',
    tags: '标签',
    conversations: '会话',
    members: '工作区成员',
    templates: '模板中心',
    integrations: '集成中心',
    inviteLinks: '邀请链接',
    analytics: '数据分析',
    productEvents: '产品事件',
  },
  memberSelector: {
    label: '正在查看的成员数据',
    self: '{name}（我）',
    noPermission: '只有管理员和经理可以查看其他成员的数据',
  },
  userMenu: {
    trigger: '{email} 的账号菜单',
    globalSettings: '全局设置',
    language: '语言',
    changePassword: '修改密码',
    downloadRecording: '下载录制记录',
    signOut: '退出登录',
  },
  privacy: {
    label: '隐私模式',
    on: '隐私模式已开启：姓名、电话号码和消息已模糊显示',
    off: '隐私模式已关闭：开启后将模糊显示姓名、电话号码和消息',
  },
  progress: '页面加载中',
} satisfies Translation['layout'];
