import type { BaseTranslation } from '../i18n-types';

/**
 * The member's panels beside the open chat on the conversations screen (SPEC §2 quick reply, auto
 * reply and schedule message panels; §5 quick reply messages; §8 toasts). The schedules tab's own
 * texts are the 'schedules' area.
 */
export const tools = {
  title: 'Chat tools',
  toggle: 'Tools',
  close: 'Close the chat tools',
  tabs: {
    label: 'Chat tools',
    quickReplies: 'Quick replies',
    autoReply: 'Auto reply',
    schedules: 'Schedules',
  },
  forChat: 'For {name:string}',
  noChat: 'No chat is open.',
  quickReply: {
    search: 'Search quick replies',
    loading: 'Loading quick replies…',
    failed: 'The quick replies could not be loaded.',
    retry: 'Try again',
    reload: 'Reload',
    empty: 'Your team has no quick replies yet. An admin adds them in the template centre.',
    noMatch: 'No quick reply matches {search:string}.',
    list: 'Quick replies',
    choose: 'Choose a quick reply to see it as it will be sent.',
    back: 'All quick replies',
    preview: 'As it will be sent',
    previewNoChat: 'Open a chat to see its names filled in.',
    values: 'Filled in for this chat',
    variable: {
      firstName: "Contact's first name",
      savedName: 'Name as saved',
      groupName: 'Group name',
    },
    emptyValue: '(empty)',
    attachments: 'Attachments',
    attachmentCount: '{count:number} attachment{{s}}',
    kind: { image: 'Image', video: 'Video', document: 'Document' },
    send: 'Send',
    sending: 'Sending…',
    problem: {
      // SPEC §5 quick reply.
      noChat: 'Please open a chat.',
      emptyMessage: 'Enter a message.',
    },
    toast: {
      sent: 'Quick reply sent.',
      refused: 'The extension could not send the message.',
      refusedWith: 'The extension could not send the message: {reason:string}',
      noExtension: 'The companion extension did not answer. Install it, sign it in and open your chat page, then try again.',
      failed: 'The quick reply could not be sent. Please try again.',
    },
  },
  autoReply: {
    switch: 'Auto reply',
    switchHelp: 'Off by default. While on, the companion extension answers incoming messages with the active templates below.',
    on: 'On',
    off: 'Off',
    actingFor: 'You are setting the switch of {name:string}.',
    loadingSwitch: 'Reading your switch…',
    switchFailed: 'The switch could not be read.',
    retry: 'Try again',
    listTitle: 'Active auto replies',
    loading: 'Loading auto replies…',
    failed: 'The auto replies could not be loaded.',
    empty: 'Your team has no active auto replies. An admin adds them in the template centre.',
    type: { keyword: 'Keywords', replyAll: 'Every message' },
    match: { fuzzy: 'contains', exact: 'exact match' },
    keywords: 'Keywords',
    reply: 'Reply',
    toast: {
      // SPEC §8 'Successfully saved'.
      switchedOn: 'Successfully saved: auto reply is on.',
      switchedOff: 'Successfully saved: auto reply is off.',
      saveFailed: 'The switch could not be saved.',
    },
  },
} satisfies BaseTranslation;
