export const layout = {
  skipToContent: 'Skip to content',
  navigation: 'Main menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menu: {
    home: 'Home',
    pipeline: 'Pipeline',
    contacts: 'Contacts',
    tags: 'Tags',
    conversations: 'Conversations',
    members: 'Workspace members',
    templates: 'Template centre',
  },
  memberSelector: {
    label: 'Viewing data of',
    self: '{name} (me)',
    noPermission: 'Only admins and managers can view other members’ data',
  },
  userMenu: {
    trigger: 'Account menu for {email}',
    globalSettings: 'Global settings',
    language: 'Language',
    changePassword: 'Change password',
    downloadRecording: 'Download recording',
    signOut: 'Sign out',
  },
  progress: 'Loading the page',
};
