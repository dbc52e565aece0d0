/**
 * The invite-members dialog (SPEC §2) and the Usage limit dialog, both opened by the
 * invite-members flow's state. The flow is a child of its owner (the members screen's flow, the
 * header's invite flow), which starts it when its Invite button is pressed; this view renders the
 * ref the owner's snapshot holds (none: nothing shows) and sends `user.*` events.
 * Test ids: invite-dialog, invite-tab-link, invite-tab-email, invite-link-url, invite-link-generate,
 * invite-link-copy, invite-link-reset, invite-link-valid, invite-reset-warning, confirm-ok, confirm-cancel,
 * invite-emails, invite-emails-error, invite-send, invite-notice, invite-error, usage-limit-dialog.
 */
import { FieldTextarea } from '@ark-ui/react/field';
import { useSelector } from '@xstate/react';
import { css, cx } from '../../../../styled-system/css';
import { input as inputRecipe, textarea } from '../../../../styled-system/recipes';
import type { InviteMembersActorRef } from '../../../machines/invite-members.machine';
import { useI18nContext } from '../../../i18n/i18n-react';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { FieldErrorText, FieldHelperText, FieldLabel, FieldRoot } from '../../components/field';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../components/tabs';
import { refusalText, UsageLimitDialog } from './usage-limit-dialog';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '4' });
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/** The dialogs of the invite flow its owner started (`flow`), or nothing while none runs. */
export function InviteMembersDialog({ flow }: { flow: InviteMembersActorRef | undefined }) {
  return flow ? <InviteView key={flow.sessionId} flow={flow} /> : null;
}

function InviteView({ flow: ref }: { flow: InviteMembersActorRef }) {
  const { LL, locale } = useI18nContext();
  const t = LL.team.inviteDialog;

  const open = useSelector(ref, (s) => s.hasTag('open'));
  const confirmReset = useSelector(ref, (s) => s.hasTag('confirmReset'));
  const linkBusy = useSelector(ref, (s) => s.hasTag('linkBusy'));
  const sending = useSelector(ref, (s) => s.hasTag('sending'));
  const { tab, link, emails, emailsError, invalidEmails, error, notice } = useSelector(ref, (s) => s.context);

  const validUntil = link ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(link.expiresAt * 1000)) : '';
  const errorText = error === null ? null : error.kind === 'copyFailed' ? t.copyFailed() : refusalText(LL, error);
  const noticeText = notice === 'copied' ? t.copied() : notice === 'sent' ? t.sent() : notice === 'reset' ? t.resetDone() : null;

  return (
    <>
      <ModalDialog open={open} onClose={() => ref.send({ type: 'user.close' })} title={t.title()} closeLabel={t.close()} data-testid="invite-dialog">
        <TabsRoot value={tab} onValueChange={(d) => ref.send({ type: 'user.tab', tab: d.value === 'email' ? 'email' : 'link' })}>
          <TabsList>
            <TabsTrigger value="link" data-testid="invite-tab-link">
              {t.tabLink()}
            </TabsTrigger>
            <TabsTrigger value="email" data-testid="invite-tab-email">
              {t.tabEmail()}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="link">
            <div className={stack}>
              <p className={muted}>{t.linkLead()}</p>
              {link ? (
                <>
                  <input className={cx(inputRecipe({ size: 'md' }))} readOnly value={link.inviteUrl} aria-label={t.tabLink()} onFocus={(e) => e.currentTarget.select()} data-testid="invite-link-url" />
                  <p className={muted} data-testid="invite-link-valid">
                    {t.validUntil({ date: validUntil })}
                  </p>
                </>
              ) : linkBusy ? null : (
                <p className={muted}>{t.noLink()}</p>
              )}
              {confirmReset ? (
                <div role="alertdialog" aria-label={t.reset()}>
                  <InlineAlert status="info" title={t.resetWarning()} data-testid="invite-reset-warning" />
                  <div className={row}>
                    <Button variant="solid" onClick={() => ref.send({ type: 'user.confirm' })} data-testid="confirm-ok">
                      {LL.team.confirm.ok()}
                    </Button>
                    <Button variant="outline" onClick={() => ref.send({ type: 'user.cancel' })} data-testid="confirm-cancel">
                      {LL.team.confirm.cancel()}
                    </Button>
                  </div>
                </div>
              ) : (
                <div className={row}>
                  {link ? (
                    <>
                      <Button onClick={() => ref.send({ type: 'user.copy' })} data-testid="invite-link-copy">
                        {t.copy()}
                      </Button>
                      <Button variant="outline" loading={linkBusy} onClick={() => ref.send({ type: 'user.reset' })} data-testid="invite-link-reset">
                        {t.reset()}
                      </Button>
                    </>
                  ) : (
                    <Button loading={linkBusy} onClick={() => ref.send({ type: 'user.generate' })} data-testid="invite-link-generate">
                      {t.generate()}
                    </Button>
                  )}
                </div>
              )}
            </div>
          </TabsContent>
          <TabsContent value="email">
            <form
              className={stack}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                ref.send({ type: 'user.send' });
              }}
            >
              <FieldRoot invalid={emailsError !== null} required>
                <FieldLabel>{t.emails()}</FieldLabel>
                <FieldTextarea
                  className={cx(textarea({ size: 'md' }))}
                  rows={3}
                  value={emails}
                  onChange={(e) => ref.send({ type: 'user.emailsChanged', value: e.target.value })}
                  onBlur={() => ref.send({ type: 'user.emailsBlur' })}
                  data-testid="invite-emails"
                />
                {emailsError ? (
                  <FieldErrorText data-testid="invite-emails-error">
                    {emailsError === 'required' ? t.emailsRequired() : t.emailsInvalid({ emails: invalidEmails.join(', ') })}
                  </FieldErrorText>
                ) : (
                  <FieldHelperText>{t.emailsHint()}</FieldHelperText>
                )}
              </FieldRoot>
              <div className={row}>
                <Button type="submit" loading={sending} data-testid="invite-send">
                  {t.send()}
                </Button>
              </div>
            </form>
          </TabsContent>
        </TabsRoot>
        {noticeText ? (
          <div className={css({ pt: '3' })}>
            <InlineAlert status="success" title={noticeText} data-testid="invite-notice" />
          </div>
        ) : null}
        {errorText ? (
          <div className={css({ pt: '3' })}>
            <InlineAlert status="error" title={errorText} data-testid="invite-error" />
          </div>
        ) : null}
      </ModalDialog>
      <UsageLimitDialog flow={ref} />
    </>
  );
}
