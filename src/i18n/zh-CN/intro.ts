import type { Translation } from '../i18n-types';

// The /intro page (loaded with it: src/i18n/areas.ts).
export const intro = {
  title: '基于聊天的销售与客服，团队共用一个工作区',
  lead: 'Chat CRM 把联系人、线索管道、同步的会话、标签、数据分析和团队模板集中在一处，供管理员、经理和成员共同使用。',
  features: {
    title: '你将获得',
    contacts: '支持搜索、筛选、标签和备注的联系人',
    pipeline: '可自定义标签页并支持拖拽的销售管道',
    conversations: '由浏览器插件同步的聊天记录',
    team: '团队模板、邀请和成员管理',
  },
  faq: {
    title: '常见问题',
    whatIsQ: '工作区能做什么？',
    whatIsA: '把每位通过聊天沟通的客户保存为联系人，在管道中推进线索、打标签，并了解团队的跟进情况。',
    extensionQ: '为什么需要安装浏览器插件？',
    extensionA: '插件在你的浏览器中读取聊天列表并同步到工作区。请用与这里相同的账号登录插件。',
    rolesQ: '管理员、经理和成员分别能看到什么？',
    rolesA: '管理员和经理管理团队，并可通过成员选择器查看每位成员的数据。成员只能看到自己的数据。',
    languagesQ: '如何切换语言？',
    languagesA: '打开页面顶部的账号菜单，在“全局设置”中选择 English、简体中文 或 العربية。你的选择会被保存。',
  },
  signIn: '登录',
  signUp: '免费创建账号',
} satisfies Translation['intro'];
