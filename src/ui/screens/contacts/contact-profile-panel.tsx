/**
 * The contact's profile panel (SPEC §2 Profile panel): details, tags and notes of one contact, a
 * note to add, edit (the lead form) and delete (confirmed). Its flow is the table's child
 * `profile` (src/machines/contact-profile.machine.ts), running while a contact is open; the lead
 * form is that flow's child `leadForm` while editing. This view renders their context and tags.
 *
 * Test ids: profile-panel, profile-name, profile-retry, profile-edit, profile-delete,
 * profile-delete-dialog, profile-delete-confirm, profile-delete-cancel, profile-note-input,
 * profile-note-add, profile-note, profile-notes-more, profile-error; start-chat and chat-notice (Start
 * chat, src/ui/screens/sync/start-chat.tsx).
 */
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { Contact } from '../../../contract/contacts';
import { NO_TAB_ID, type Tab } from '../../../contract/leads';
import { useI18nContext } from '../../../i18n/i18n-react';
import { hasMoreNotes, type ContactProfileActorRef } from '../../../machines/contact-profile.machine';
import type { ContactsTableActorRef } from '../../../machines/contacts-table.machine';
import type { LeadFormActorRef } from '../../../machines/lead-form.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { UserSentence, UserText } from '../../components/user-text';
import { sensitive } from '../../components/sensitive';
import { LeadFormDialog } from '../pipeline/lead-form-dialog';
import { StartChatButton } from '../sync/start-chat';
import { ChatNotice } from '../sync/sync-notice';

const body = css({ display: 'flex', flexDirection: 'column', gap: '4', maxHeight: 'min(70dvh, 40rem)', overflowY: 'auto', p: '1' });
const details = css({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '1 4', '& dt': { color: 'fg.muted' }, '& dd': { overflowWrap: 'anywhere' } });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1' });
const chip = css({ px: '2', py: '0.5', borderRadius: 'full', bg: 'colorPalette.a3', textStyle: 'xs' });
const noteList = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const noteItem = css({ p: '2', borderRadius: 'l2', bg: 'bg.subtle', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'flex-end' });

export function ContactProfilePanel({ table }: { table: ContactsTableActorRef }) {
  const profile = useSelector(table, (s) => s.children.profile as ContactProfileActorRef | undefined);
  if (!profile) return null;
  // One view per opened contact (a note being typed belongs to the contact it was typed for).
  return <ProfileView key={profile.sessionId} profile={profile} close={() => table.send({ type: 'user.closeProfile' })} />;
}

function ProfileView({ profile, close }: { profile: ContactProfileActorRef; close: () => void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.contacts.profile;
  const contact = useSelector(profile, (s) => s.context.contact);
  const tabs = useSelector(profile, (s) => s.context.tabs);
  const leadForm = useSelector(profile, (s) => s.children.leadForm as LeadFormActorRef | undefined);
  const notes = useSelector(profile, (s) => s.context.notes);
  const more = useSelector(profile, (s) => hasMoreNotes(s.context));
  const error = useSelector(profile, (s) => s.context.error);
  const loading = useSelector(profile, (s) => s.hasTag('loading'));
  const failed = useSelector(profile, (s) => s.hasTag('loadFailed'));
  const adding = useSelector(profile, (s) => s.hasTag('addingNote'));
  const loadingNotes = useSelector(profile, (s) => s.hasTag('loadingNotes'));
  const confirmDelete = useSelector(profile, (s) => s.hasTag('confirmDelete'));
  const busy = useSelector(profile, (s) => s.hasTag('busy'));
  const [note, setNote] = useState('');
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale]);

  return (
    <>
      <ModalDialog
        // The lead form opens over the panel (focus stays in the top dialog, the panel is back when it ends).
        open={!confirmDelete}
        onClose={close}
        title={contact ? <UserText {...sensitive} data-testid="profile-name" text={contact.name} /> : t.title()}
        closeLabel={LL.common.close()}
        data-testid="profile-panel"
        footer={
          contact ? (
            <>
              <Button variant="outline" onClick={() => profile.send({ type: 'user.delete' })} disabled={busy} data-testid="profile-delete">
                {t.delete()}
              </Button>
              <StartChatButton phone={contact.phone} />
              <Button onClick={() => profile.send({ type: 'user.edit' })} disabled={busy} data-testid="profile-edit">
                {t.edit()}
              </Button>
            </>
          ) : null
        }
      >
        <div className={body}>
          {loading ? (
            <Text muted role="status">
              {t.loading()}
            </Text>
          ) : null}
          {failed ? (
            <div role="alert" className={row}>
              <Text>{t.failed()}</Text>
              <Button size="sm" variant="outline" onClick={() => profile.send({ type: 'user.retry' })} data-testid="profile-retry">
                {t.retry()}
              </Button>
            </div>
          ) : null}
          <ChatNotice />
          {error ? <InlineAlert status="error" title={t.noteFailed({ message: error.kind === 'server' ? error.message : '' })} data-testid="profile-error" /> : null}
          {contact ? (
            <>
              <Details contact={contact} tabs={tabs} format={format} />
              <section aria-labelledby="profile-tags">
                <Heading as="h3" size="sm" id="profile-tags">
                  {t.tags()}
                </Heading>
                {contact.tags.length === 0 ? (
                  <Text muted>{t.noTags()}</Text>
                ) : (
                  <div className={chips}>
                    {contact.tags.map((v) => (
                      <span key={v.valueId} className={chip}>
                        <UserText text={v.tagName} />: <UserText text={v.value} />
                      </span>
                    ))}
                  </div>
                )}
              </section>
              <section aria-labelledby="profile-notes" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                <Heading as="h3" size="sm" id="profile-notes">
                  {t.notes()}
                </Heading>
                <form
                  className={row}
                  onSubmit={(e) => {
                    e.preventDefault();
                    if (note.trim() === '') return;
                    profile.send({ type: 'user.addNote', text: note });
                    setNote('');
                  }}
                >
                  <TextField label={t.addNote()} placeholder={t.notePlaceholder()} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} data-testid="profile-note-input" />
                  <Button type="submit" loading={adding} disabled={note.trim() === ''} data-testid="profile-note-add">
                    {t.addNote()}
                  </Button>
                </form>
                {notes.length === 0 ? <Text muted>{t.noNotes()}</Text> : null}
                <ul className={noteList}>
                  {notes.map((n) => (
                    <li key={n.id} className={noteItem} data-testid="profile-note">
                      <UserText className={css({ display: 'block', whiteSpace: 'pre-wrap' })} text={n.text} />
                      <Text muted as="span" className={css({ display: 'block', textStyle: 'xs', mt: '1' })}>
                        <UserSentence sentence={(author) => t.noteBy({ author, time: format.format(n.createTime) })} text={n.authorName} />
                      </Text>
                    </li>
                  ))}
                </ul>
                {more ? (
                  <Button size="sm" variant="ghost" loading={loadingNotes} onClick={() => profile.send({ type: 'user.moreNotes' })} data-testid="profile-notes-more">
                    {t.moreNotes()}
                  </Button>
                ) : null}
              </section>
            </>
          ) : null}
        </div>
      </ModalDialog>

      <ModalDialog
        open={confirmDelete}
        onClose={() => profile.send({ type: 'user.cancel' })}
        title={<UserSentence sentence={(name) => t.deleteTitle({ name })} text={contact?.name ?? ''} />}
        description={t.deleteBody()}
        role="alertdialog"
        data-testid="profile-delete-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => profile.send({ type: 'user.cancel' })} disabled={busy} data-testid="profile-delete-cancel">
              {LL.contacts.deleteDialog.cancel()}
            </Button>
            <Button loading={busy} onClick={() => profile.send({ type: 'user.confirm' })} data-testid="profile-delete-confirm">
              {LL.contacts.deleteDialog.confirm()}
            </Button>
          </>
        }
      />

      <LeadFormDialog flow={leadForm} />
    </>
  );
}

function Details({ contact, tabs, format }: { contact: Contact; tabs: Tab[]; format: Intl.DateTimeFormat }) {
  const { LL } = useI18nContext();
  const t = LL.contacts;
  const dash = t.profile.empty();
  const tabName = contact.tabId === NO_TAB_ID ? t.noTab() : (contact.tabName || tabs.find((x) => x.id === contact.tabId)?.name) ?? dash;
  // Every value but the created time is the contact's own text (docs/security.md, "User text on screen").
  // A third `true`: blurred by the privacy switch (src/ui/components/sensitive.tsx).
  const items: [string, string, boolean?][] = [
    [t.columns.phone(), contact.phone ?? dash, true],
    [t.columns.email(), contact.email ?? dash, true],
    [t.columns.tab(), tabName],
    [t.columns.country(), contact.country ?? dash],
    [t.columns.stage(), contact.stage ? LL.leads.stage[contact.stage]() : dash],
    [t.columns.level(), contact.level ? LL.leads.level[contact.level]() : dash],
    [t.columns.source(), contact.source ? LL.leads.source[contact.source]() : dash],
    [t.columns.companyName(), contact.companyName ?? dash, true],
    [t.columns.companyWebsite(), contact.companyWebsite ?? dash],
    [t.columns.companyAddress(), contact.companyAddress ?? dash],
    [t.columns.createTime(), format.format(contact.createTime)],
  ];
  return (
    <section aria-label={t.profile.details()}>
      <dl className={details}>
        {items.map(([label, value, isSensitive]) => (
          <div key={label} className={css({ display: 'contents' })}>
            <dt>{label}</dt>
            <dd>
              <UserText {...(isSensitive ? sensitive : {})} text={value} />
            </dd>
          </div>
        ))}
      </dl>
      {contact.notes ? (
        <Text className={css({ mt: '2', whiteSpace: 'pre-wrap' })}>
          <UserText text={contact.notes} />
        </Text>
      ) : null}
    </section>
  );
}
