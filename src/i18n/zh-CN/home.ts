import type { Translation } from '../i18n-types';

export const home = {
  title: '首页',
  welcome: '欢迎来到 {workspace}',
  welcomeNoWorkspace: '欢迎',
  intro: '团队的联系人、线索和会话，集中在一个地方。',
  guide: {
    title: '快速上手',
    progress: '已完成 {done}/{total} 步',
    createWorkspace: {
      title: '创建工作区',
      description: '为团队共享的工作区命名。',
      action: '创建工作区',
    },
    installExtension: {
      title: '安装浏览器插件',
      description: '插件会把你的聊天同步到工作区。请用同一个账号登录插件。',
    },
    inviteEmployees: {
      title: '邀请员工',
      description: '通过链接或邮件邀请经理和成员，让整个团队一起协作。',
    },
  },
  faq: {
    title: '常见问题',
    whatIs: '工作区能做什么？',
    extension: '为什么需要安装浏览器插件？',
    roles: '管理员、经理和成员分别能看到什么？',
    languages: '如何切换语言？',
  },
  quickActions: {
    title: '快捷操作',
    inviteLinks: '分享群组和聊天的邀请链接',
    changePassword: '修改密码',
    productTour: '阅读产品介绍',
  },
  templateCentre: {
    title: '团队模板中心',
    description: '创建全团队使用的标签页、快捷回复和自动回复。只有管理员能看到模板中心。',
    open: '打开模板中心',
  },
  bulletin: {
    title: '更新预告',
    body: '{date} 之后，旧版工作区首页将不再维护。你需要的内容都已移到本页，请更新你的书签。',
  },
} satisfies Translation['home'];
