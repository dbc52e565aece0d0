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
  intro: {
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
  },
  workspace: {
    title: '创建工作区',
    lead: '工作区是团队保存联系人和会话的地方。你可以现在或稍后邀请员工。',
    name: '工作区名称',
    namePlaceholder: '例如：Acme 销售团队',
    nameRequired: '请输入工作区名称',
    nameTooLong: '最多 60 个字符',
    inviteEmails: '邀请员工（可选）',
    inviteEmailsHint: '多个邮箱地址请用逗号、空格或换行分隔。',
    invalidEmails: '以下地址无效：{emails}',
    submit: '创建工作区',
    failed: '无法创建工作区：{message}',
    networkFailed: '无法创建工作区。请检查网络连接后重试。',
  },
} satisfies Translation['pages'];
