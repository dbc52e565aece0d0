export const home = {
  title: 'Home',
  welcome: 'Welcome to {workspace}',
  welcomeNoWorkspace: 'Welcome',
  intro: 'Your team’s contacts, leads and conversations in one place.',
  guide: {
    title: 'Get started',
    progress: '{done} of {total} steps done',
    createWorkspace: {
      title: 'Create your workspace',
      description: 'Name the workspace your team shares.',
      action: 'Create workspace',
    },
    installExtension: {
      title: 'Install the browser extension',
      description: 'The extension syncs your chats into the workspace. Sign in to it with the same account.',
    },
    inviteEmployees: {
      title: 'Invite your employees',
      description: 'Invite managers and members by link or by email so the whole team works together.',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    whatIs: 'What can I do with the workspace?',
    extension: 'Why do I need the browser extension?',
    roles: 'What can admins, managers and members see?',
    languages: 'How do I change the language?',
  },
  quickActions: {
    title: 'Quick actions',
    inviteLinks: 'Share invite links to your groups and chats',
    changePassword: 'Change your password',
    productTour: 'Read the product introduction',
  },
  templateCentre: {
    title: 'Team template centre',
    description: 'Create the tabs, quick replies and auto replies your whole team uses. Only admins see the template centre.',
    open: 'Open the template centre',
  },
  bulletin: {
    title: 'Notice of an upcoming update',
    body: 'After {date}, the previous version of the workspace home page is no longer maintained. Everything you need now lives on this page; please update your bookmarks.',
  },
};
