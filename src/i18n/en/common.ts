export const common = {
  productName: 'Chat CRM',
  loading: 'Loading…',
  backHome: 'Back to home',
  signIn: 'Sign in',
  signUp: 'Create an account',
  close: 'Close',
  done: 'Done',
  notDone: 'To do',
  adminsOnly: 'Admins only',
  /** Each language is named in its own script, in every locale. */
  languageName: {
    en: 'English',
    'zh-CN': '简体中文',
    ar: 'العربية',
  },
};
