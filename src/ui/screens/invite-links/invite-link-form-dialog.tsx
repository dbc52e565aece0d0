/**
 * The add / edit dialog of an invite link (SPEC §3 Invite link; §5 Invite links; §9 up to 10 links,
 * at least 2 group links), driven by its own flow (src/machines/invite-link-form.machine.ts), a
 * child of the invite-links screen's. The type is the tab's; the links are rows the person adds
 * (up to ten) and removes (one stays), each with its message as typed; the distribution is a
 * radio group. The kit's form dialog: Enter in a field submits, Escape cancels.
 *
 * Test ids: invite-link-dialog (-save, -cancel, -error), invite-link-name (-error),
 * invite-link-url-<i> (-error), invite-link-remove-<i>, invite-link-add-row, invite-link-links-error,
 * invite-link-distribution-<roundRobin|random>.
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { MAX_LINKS, MIN_GROUP_LINKS, shareLinkDistributions } from '../../../contract/share-links';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { InviteLinkFormActorRef } from '../../../machines/invite-link-form.machine';
import { Button } from '../../components/button';
import { FormDialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { errorLine, fieldErrorText, muted, refusalText } from './invite-link-parts';

const scroller = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Room for the focus rings of the fields at the edges.
  px: '1',
  py: '1',
  maxHeight: 'max(12rem, calc(100dvh - 14rem))',
});
const fieldset = css({ display: 'flex', flexDirection: 'column', gap: '3', border: 'none', p: '0', m: '0', minInlineSize: '0' });
const legend = css({ fontWeight: 'medium', textStyle: 'sm', mb: '1', p: '0' });
const linkRow = css({ display: 'flex', gap: '2', alignItems: 'flex-start', minInlineSize: '0', '& > :first-child': { flex: '1', minInlineSize: '0' } });
const removeButton = css({ mt: '6', flexShrink: '0' });
const radios = css({ display: 'flex', gap: '4', flexWrap: 'wrap' });
const radio = css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', textStyle: 'sm', '& input': { accentColor: 'var(--colors-color-palette-default)' } });

export function InviteLinkFormDialog({ flow: ref }: { flow: InviteLinkFormActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.inviteLinks;
  const f = t.form;
  const open = useSelector(ref, (s) => s.status === 'active');
  const saving = useSelector(ref, (s) => s.hasTag('saving'));
  const { id, type, draft, errors, formError } = useSelector(ref, (s) => s.context);
  const setError = fieldErrorText(LL, errors.set);
  const id0 = useId();
  const linksHint = `${id0}links`;
  const distributionHint = `${id0}distribution`;

  return (
    <FormDialog
      open={open}
      title={id === null ? f.addTitle[type]() : f.editTitle()}
      onCancel={() => ref.send({ type: 'user.cancel' })}
      onSubmit={() => ref.send({ type: 'user.submit' })}
      saving={saving}
      texts={{ cancel: f.cancel(), save: f.save(), saving: f.saving(), close: f.close() }}
      formError={formError ? refusalText(LL, formError) : undefined}
      formClassName={scroller}
      data-testid="invite-link-dialog"
    >
      <TextField
        label={f.name()}
        name="name"
        required
        value={draft.name}
        placeholder={f.namePlaceholder()}
        readOnly={saving}
        errorText={fieldErrorText(LL, errors.name)}
        errorTestId="invite-link-name-error"
        onChange={(e) => ref.send({ type: 'user.name', value: e.currentTarget.value })}
        dir="auto"
        data-testid="invite-link-name"
      />

      <fieldset className={fieldset} aria-describedby={linksHint}>
        <legend className={legend}>{f.links()}</legend>
        <p id={linksHint} className={muted}>
          {type === 'group' ? f.linksHint.group({ min: MIN_GROUP_LINKS, max: MAX_LINKS }) : f.linksHint.chat({ max: MAX_LINKS })}
        </p>
        {draft.links.map((link, i) => (
          <div key={i} className={linkRow}>
            <TextField
              label={f.link({ n: i + 1 })}
              name={`link-${i}`}
              type="url"
              inputMode="url"
              required
              value={link}
              placeholder={f.linkPlaceholder[type]()}
              readOnly={saving}
              errorText={fieldErrorText(LL, errors.links[i])}
              errorTestId={`invite-link-url-${i}-error`}
              onChange={(e) => ref.send({ type: 'user.link', index: i, value: e.currentTarget.value })}
              // A URL reads left to right in every language.
              dir="ltr"
              data-testid={`invite-link-url-${i}`}
            />
            <Button
              size="sm"
              variant="ghost"
              className={removeButton}
              disabled={saving || draft.links.length <= 1}
              aria-label={f.removeLink({ n: i + 1 })}
              title={f.removeLink({ n: i + 1 })}
              onClick={() => ref.send({ type: 'user.removeLink', index: i })}
              data-testid={`invite-link-remove-${i}`}
            >
              <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </Button>
          </div>
        ))}
        {setError ? (
          <p className={errorLine} role="alert" data-testid="invite-link-links-error">
            {setError}
          </p>
        ) : null}
        <div>
          <Button variant="outline" size="sm" disabled={saving || draft.links.length >= MAX_LINKS} onClick={() => ref.send({ type: 'user.addLink' })} data-testid="invite-link-add-row">
            {f.addLink()}
          </Button>
        </div>
      </fieldset>

      <fieldset className={fieldset} aria-describedby={distributionHint}>
        <legend className={legend}>{f.distribution()}</legend>
        <p id={distributionHint} className={muted}>
          {f.distributionHint()}
        </p>
        <div className={radios}>
          {shareLinkDistributions.map((d) => (
            <label key={d} className={radio}>
              <input
                type="radio"
                name="distribution"
                value={d}
                checked={draft.distribution === d}
                disabled={saving}
                onChange={() => ref.send({ type: 'user.distribution', distribution: d })}
                data-testid={`invite-link-distribution-${d}`}
              />
              {t.distribution[d]()}
            </label>
          ))}
        </div>
      </fieldset>
    </FormDialog>
  );
}
