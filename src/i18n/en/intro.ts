// The /intro page (loaded with it: src/i18n/areas.ts).
export const intro = {
  title: 'Your team’s chat-based selling and support, in one workspace',
  lead: 'Chat CRM keeps contacts, a lead pipeline, synced conversations, tags, analytics and team templates in one shared place for admins, managers and members.',
  features: {
    title: 'What you get',
    contacts: 'Contacts with search, filters, tags and notes',
    pipeline: 'A sales pipeline with custom tabs and drag and drop',
    conversations: 'Your chats synced by the browser extension',
    team: 'Team templates, invitations and member management',
  },
  faq: {
    title: 'Frequently asked questions',
    whatIsQ: 'What can I do with the workspace?',
    whatIsA: 'Keep every customer you talk to over chat as a contact, move leads through your pipeline, tag them, and see how your team follows up.',
    extensionQ: 'Why do I need the browser extension?',
    extensionA: 'The extension reads your chat list in your browser and syncs it into the workspace. Sign in to it with the same account you use here.',
    rolesQ: 'What can admins, managers and members see?',
    rolesA: 'Admins and managers manage the team and can view each member’s data with the member selector. Members see their own data only.',
    languagesQ: 'How do I change the language?',
    languagesA: 'Open the account menu at the top of the page and choose English, 简体中文 or العربية under Global settings. Your choice is kept.',
  },
  signIn: 'Sign in',
  signUp: 'Create a free account',
};
