import type { BaseTranslation } from '../i18n-types';

/**
 * Chat sync, first-run guidance, start chat and the extension's sign-in page (SPEC §2 Dialogs,
 * /eclient/auth; §4 Chat sync flow and First-run guidance; §8 messages).
 */
export const sync = {
  button: {
    sync: 'Sync',
    syncing: 'Syncing…',
    checking: 'Checking…',
    label: 'Sync your chats into the workspace',
  },
  notice: {
    syncOff: 'Chat sync is turned off for your account. Ask your workspace admin to turn it on.',
    openChatPage: 'Log in to your chat service on the page that just opened, then press Sync again.',
    notLoggedIn: 'Please login {product:string} Extension with the same Account to access your data.',
    upToDate: 'Your chats are already synced.',
    syncLimit: 'You can add up to {limit:number} chat-service numbers for each account.',
    loginGuidance: 'Log in to your chat service on the page that opened; the sync goes on once you are in.',
    synced: 'Your chats are synced and the new leads are in the pipeline.',
    timedOut: 'The first chats did not arrive in time. Make sure you are logged in on your chat web page, then press Sync again.',
    extensionLost: 'The extension stopped answering during the sync. Check that it is turned on, then press Sync again.',
    noExtension: 'Syncing needs the companion browser extension: install it, open your chat web page, then press Sync again.',
    network: 'The sync could not start because the server could not be reached. Try again.',
    connect: 'Connect the extension',
    install: 'Install the extension',
    dismiss: 'Dismiss',
    newTab: '(opens in a new tab)',
  },
  chat: {
    start: 'Start chat',
    starting: 'Opening the chat…',
    opened: 'The chat is open on your chat web page.',
    refused: 'The chat could not be opened. {message:string}',
    noExtension: 'Starting a chat needs the companion browser extension.',
  },
  guide: {
    label: 'Getting started with the extension',
    stepOf: 'Step {step:number} of {total:number}',
    step0: {
      title: 'Install the {product:string} extension',
      body: 'The browser extension syncs your chats into the workspace and turns the people you talk to into leads.',
    },
    step1: {
      title: 'Finish the setup in the extension',
      body: 'Once it is installed, open your chat web page and sign the extension in with this same account. This closes by itself when the extension answers.',
    },
    step2: {
      title: 'Looking for the extension…',
      body: 'Checking that the extension is installed and turned on. If it does not answer, reload this page after installing it.',
    },
    install: 'Install extension',
    installed: 'I have installed it',
    notNow: 'Not Now',
  },
  mask: {
    title: 'No leads found',
    body: 'Sync your chats to bring the people you talk to into the workspace as leads.',
    syncNow: 'Sync Now',
    close: 'Close',
  },
  eclient: {
    title: 'Connect the {product:string} extension',
    lead: 'The extension signs in with the account you use on this page.',
    checking: 'Connecting the extension…',
    needsSignIn: 'Sign in to connect the extension to your account. You come back here afterwards.',
    signIn: 'Sign in',
    noExtension: 'The extension is not installed, or it is turned off in this browser.',
    installSteps: 'Install it from the store, turn it on, then try again.',
    retry: 'Try again',
    connected: 'The extension is connected as {email:string}. You can close this tab.',
    failedServer: 'The extension could not be connected: {message:string}',
    failedNetwork: 'The server could not be reached. Check your connection and try again.',
    failedExtension: 'The extension refused the sign-in. {message:string}',
    extensionSilent: 'The extension stopped answering. Check that it is turned on, then try again.',
    home: 'Open the workspace',
  },
} satisfies BaseTranslation;
