/**
 * Generated path tests of the template centre's quick replies (SPEC §3 Quick reply, §5, §7 Files,
 * §8 quick reply added, edited, deleted or failed): the screen flow (its children: the storage
 * token and the dialog) and the dialog's flow (its children: one upload per file). Every state and
 * transition is reached, and each step runs exactly the effects it should, with the values written
 * out: the token's flow started with the screen and each token it announces handed to the dialog
 * (and by the dialog to the uploads under way); the dialog started with the reply and the token;
 * a file of a wrong type or size refused before any upload, an accepted one uploaded with the token
 * and the file, a removed one's upload cancelled; a save only with a title, a message and no upload
 * under way (SPEC §5), with the stored attachments; the delete and the toasts.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { Code } from '../../src/contract/codes';
import type { Attachment, QuickReply } from '../../src/contract/templates';
import { quickRepliesMachine, type QuickRepliesContext } from '../../src/machines/quick-replies.machine';
import { quickReplyFormMachine, type QuickReplyFormContext } from '../../src/machines/quick-reply-form.machine';
import { actionRan, actorRan, machinePathSuite, sentTo, type Effect, type EffectStep, type PathEvent } from '../support/machine-paths';

const failure = new Error('Network error');
const stored: Attachment = { fileId: 'f0', name: 'menu.pdf', mimeType: 'application/pdf', kind: 'document', size: 2048 };
const uploaded: Attachment = { fileId: 'f1', name: 'photo.png', mimeType: 'image/png', kind: 'image', size: 3 };
const hours: QuickReply = { id: 'q1', title: 'Opening hours', message: 'We open at 9', attachments: [stored], updatedAt: 1 };
const added: QuickReply = { id: 'q2', title: 'Prices', message: 'Hello {firstName}', attachments: [uploaded], updatedAt: 2 };

// ---- The screen flow ----------------------------------------------------------------------------

const token = { type: 'storage.token', token: 't1', expiresAt: 1000 } as const;
const screenEvents: PathEvent[] = [
  token,
  { type: 'user.retry' },
  { type: 'user.add' },
  { type: 'user.edit', reply: hours },
  { type: 'user.delete', reply: hours },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.storageToken' },
  { type: 'xstate.error.actor.storageToken', error: failure },
  { type: 'xstate.done.actor.loadReplies', output: [hours] },
  { type: 'xstate.error.actor.loadReplies', error: failure },
  { type: 'xstate.done.actor.quickReplyForm', output: { kind: 'added', reply: added } },
  { type: 'xstate.done.actor.quickReplyForm', output: { kind: 'edited', reply: { ...hours, title: 'Hours' } } },
  { type: 'xstate.done.actor.quickReplyForm', output: null },
  { type: 'xstate.error.actor.quickReplyForm', error: failure },
  { type: 'xstate.done.actor.deleteReply', output: { ok: true } },
  { type: 'xstate.done.actor.deleteReply', output: { ok: false, code: Code.NOT_FOUND, message: 'No such quick reply' } },
  { type: 'xstate.error.actor.deleteReply', error: failure },
];

const screen = (s: AnyMachineSnapshot) => s.context as QuickRepliesContext;
const inList = (s: AnyMachineSnapshot, state: string) => s.matches({ list: state });

const screenEffects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [actorRan('storageToken'), actorRan('loadReplies')];
  const c = screen(before);
  switch (event.type) {
    case 'storage.token':
      return inList(before, 'form') ? [sentTo('quickReplyForm', token)] : [];
    case 'user.retry':
      return [actorRan('loadReplies')];
    case 'user.add':
      return [actorRan('quickReplyForm', { reply: null, token: c.token })];
    case 'user.edit':
      return [actorRan('quickReplyForm', { reply: hours, token: c.token })];
    case 'user.confirm':
      return inList(before, 'confirmDelete') ? [actorRan('deleteReply', { id: 'q1' })] : [];
    case 'xstate.done.actor.quickReplyForm': {
      const out = event.output as { kind: string } | null;
      return out ? [actionRan('notify', { kind: out.kind === 'added' ? 'quickReplyAdded' : 'quickReplyEdited', message: null })] : [];
    }
    case 'xstate.done.actor.deleteReply':
      return [
        actionRan('notify', (event.output as { ok: boolean }).ok ? { kind: 'quickReplyDeleted', message: null } : { kind: 'quickReplyFailed', message: 'No such quick reply' }),
      ];
    case 'xstate.error.actor.deleteReply':
      return [actionRan('notify', { kind: 'quickReplyFailed', message: null })];
    default:
      return [];
  }
};

machinePathSuite('quick replies screen machine paths', quickRepliesMachine, {
  events: screenEvents,
  effects: screenEffects,
  checkSentEvents: true,
  serializeContext: (c) => ({ items: c.items.map((r) => `${r.id}:${r.title}`), target: c.target?.id ?? null, token: c.token, failed: c.tokenFailed }),
});

// ---- The dialog ---------------------------------------------------------------------------------

const photo = new File(['png'], 'photo.png', { type: 'image/png' });
const program = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
const empty = new File([], 'empty.pdf', { type: 'application/pdf' });

const form = (s: AnyMachineSnapshot) => s.context as QuickReplyFormContext;
const uploading = (c: QuickReplyFormContext) => c.items.some((i) => i.state === 'uploading');

/** What may happen: one batch of files picked (a photo, then a program and an empty file, refused), its upload's end, the rest. */
const formEvents = (s: AnyMachineSnapshot): PathEvent[] => {
  const c = form(s);
  if (s.status === 'done') return [];
  if (s.matches('saving')) {
    return [
      { type: 'xstate.done.actor.saveQuickReply', output: { ok: true, data: added } },
      { type: 'xstate.done.actor.saveQuickReply', output: { ok: false, code: Code.VALIDATION, message: 'attachments.0.file_id: not stored' } },
      { type: 'xstate.error.actor.saveQuickReply', error: failure },
    ];
  }
  const upload1 = c.items.some((i) => i.key === 'upload-1' && i.state === 'uploading');
  return [
    { type: 'user.change', patch: { title: ' Prices ', message: 'Hello {firstName}' } },
    { type: 'storage.token', token: 't2', expiresAt: 2000 },
    ...(c.uploads === 0 ? [{ type: 'user.addFiles', files: [photo] }] : []),
    ...(c.refused.length === 0 ? [{ type: 'user.addFiles', files: [program, empty] }] : [{ type: 'user.dismissRefused' }]),
    ...(upload1
      ? [
          { type: 'xstate.done.actor.upload-1', output: { ok: true, attachment: uploaded }, actorId: 'upload-1' },
          { type: 'xstate.done.actor.upload-1', output: { ok: false }, actorId: 'upload-1' },
          { type: 'xstate.error.actor.upload-1', error: failure, actorId: 'upload-1' },
        ]
      : []),
    ...c.items.map((i) => ({ type: 'user.removeAttachment', key: i.key })),
    { type: 'user.submit' },
    { type: 'user.cancel' },
  ];
};

/** The save a valid form sends, written out: the title trimmed, the message as typed, the stored attachments in order. */
const expectedSave = (c: QuickReplyFormContext) => ({
  ...(c.id === null ? {} : { id: c.id }),
  title: c.title.trim(),
  message: c.message,
  attachments: c.items.filter((i) => i.state === 'done').map((i) => (i.key === 'stored-0' ? stored : uploaded)),
});

const formEffects = (step: EffectStep): Effect[] => {
  const { event, before } = step;
  if (!before) return [];
  const c = form(before);
  switch (event.type) {
    case 'user.addFiles': {
      const files = event.files as File[];
      return c.token !== null && files.includes(photo) ? [actorRan('fileUpload', { token: c.token, file: photo })] : [];
    }
    case 'storage.token':
      return c.items.filter((i) => i.state === 'uploading').map((i) => sentTo(i.key, { type: 'storage.token', token: 't2', expiresAt: 2000 }));
    case 'user.removeAttachment': {
      const item = c.items.find((i) => i.key === event.key);
      return item?.state === 'uploading' ? [sentTo(item.key, { type: 'user.cancel' })] : [];
    }
    case 'user.submit':
      return c.title.trim() !== '' && c.message !== '' && !uploading(c) ? [actorRan('saveQuickReply', expectedSave(c))] : [];
    case 'xstate.done.actor.saveQuickReply':
      return (event.output as { ok: boolean }).ok ? [] : [actionRan('notify', { kind: 'quickReplyFailed', message: 'attachments.0.file_id: not stored' })];
    case 'xstate.error.actor.saveQuickReply':
      return [actionRan('notify', { kind: 'quickReplyFailed', message: null })];
    default:
      return [];
  }
};

machinePathSuite('quick reply dialog machine paths', quickReplyFormMachine, {
  events: formEvents,
  effects: formEffects,
  checkSentEvents: true,
  variants: [
    { name: 'add', input: { reply: null, token: 't1' } },
    { name: 'edit', input: { reply: hours, token: 't1' } },
    { name: 'no token yet', input: { reply: null, token: null } },
  ],
  serializeContext: (c) => ({
    title: c.title,
    message: c.message,
    items: c.items.map((i) => `${i.key}:${i.state}`),
    refused: c.refused.map((r) => `${r.name}:${r.reason}`),
    token: c.token,
    uploads: c.uploads,
    errors: Object.keys(c.errors).sort(),
    formError: c.formError ? ('code' in c.formError ? c.formError.code : c.formError.kind) : null,
    result: c.result?.kind ?? null,
  }),
});
