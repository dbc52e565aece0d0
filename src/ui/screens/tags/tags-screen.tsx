/**
 * /tags (inside the main layout; SPEC §2, §3 Tag type and Tag, §6, §7 Tags, §8 tag messages): the
 * workspace's tag types, each with an active switch and its tags with their values. The owner and
 * managers add, rename, switch and delete types and add, edit and delete tags; members see the
 * lists read-only. Driven by the tags machine: the view reads its tags and context (and the
 * selectors beside it) and sends `user.*` events; its toasts are shown as they come.
 * Logical CSS properties only (right to left); every control is a button or an input.
 *
 * Filters (SPEC §2: /tags takes an optional filters parameter, kept in the URL): the filter row of
 * ./tags-filters.tsx (the flow's child `filters`); what they leave out is not shown.
 *
 * Test ids: tags-page, tags-loading, tags-error, tags-retry, tags-empty, tags-no-match, tags-add-type,
 * tags-type-<id>, tags-type-active-<id>, tags-type-rename-<id>, tags-type-delete-<id>,
 * tags-add-tag (header), tags-add-tag-<typeId>, tag-row (data-tag-id), tag-edit-<id>,
 * tag-delete-<id>; the type dialog tags-type-dialog, tags-type-name, tags-type-name-error,
 * tags-type-save, tags-type-cancel; the tag dialog tag-dialog, tag-name, tag-name-error, tag-type,
 * tag-value-<index>, tag-value-remove-<index>, tag-value-input, tag-value-add, tag-values-error,
 * tag-save, tag-cancel; the confirmation tags-confirm, confirm-ok, confirm-cancel; the
 * feature-limit dialog (custom tags not in the plan, opened by the machine's `featureLimit` tag)
 * feature-limit-dialog, feature-limit-upgrade, feature-limit-note, feature-limit-close; its Upgrade
 * opens the plan upgrade dialog (the flow's child `planUpgrade`, ../billing/plan-upgrade-dialog.tsx).
 */
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import type { Tag } from '../../../contract/tags';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { TranslationFunctions } from '../../../i18n/i18n-types';
import type { PlanUpgradeActorRef } from '../../../machines/plan-upgrade.machine';
import { groupsOf, isTagDraft, isTypeDraft, typeOptionsOf, type TagFieldError, type TagGroup } from '../../../machines/tag-drafts';
import type { TagsActorRef } from '../../../machines/tags.machine';
import { filteredGroupsOf, type TagFilterActorRef } from '../../../machines/tag-filters';
import { useFlow } from '../../app-actors';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { FeatureLimitDialog } from '../../components/feature-limit-dialog';
import { FormDialog as KitFormDialog, ModalDialog, type FormDialogProps } from '../../components/dialog';
import { TextField } from '../../components/field';
import { Heading, Text } from '../../components/heading';
import { SimpleSelect } from '../../components/select';
import { Switch } from '../../components/switch';
import { UserSentence, UserText } from '../../components/user-text';
import { visibleText } from '../../components/visible-text';
import { PlanUpgradeDialog } from '../billing/plan-upgrade-dialog';
import { TagsFilterBar } from './tags-filters';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '4', md: '8' }, maxWidth: '5xl' });
const head = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '4', flexWrap: 'wrap' });
const actionsRow = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', p: '0', m: '0' });
const typeCard = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l3', bg: 'bg.default' });
const typeHead = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' });
const typeName = css({ textStyle: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' });
const tagList = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' });
const tagRow = css({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '3',
  flexWrap: 'wrap',
  paddingBlock: '2',
  paddingInline: '3',
  borderRadius: 'l2',
  bg: 'bg.subtle',
});
const tagMain = css({ display: 'flex', flexDirection: 'column', gap: '1', minInlineSize: '0', flex: '1' });
const tagTitle = css({ fontWeight: 'medium', overflowWrap: 'anywhere' });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: '0', m: '0' });
const chip = css({ textStyle: 'xs', paddingInline: '2', paddingBlock: '0.5', borderRadius: 'full', bg: 'bg.default', borderWidth: '1px', borderColor: 'border.subtle' });
const muted = css({ color: 'fg.muted', textStyle: 'sm' });
const stateBox = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3', p: '6', borderWidth: '1px', borderStyle: 'dashed', borderColor: 'border.default', borderRadius: 'l3' });
const valuesBox = css({ display: 'flex', flexDirection: 'column', gap: '2', overflowY: 'auto', maxHeight: 'max(8rem, calc(100dvh - 30rem))', px: '1', py: '1' });
const valueLine = css({ display: 'flex', alignItems: 'flex-end', gap: '2', '& > :first-child': { flex: '1', minInlineSize: '0' } });
const errorText = css({ color: 'fg.error', textStyle: 'sm' });

/** A field's message: the form's own key, or the server's words (SPEC §8 100802, 100807). */
const fieldErrorText = (LL: TranslationFunctions, error: TagFieldError | undefined): string | undefined =>
  error === undefined ? undefined : error.key === 'server' ? error.message || LL.tags.toast.failed() : LL.tags.errors[error.key]();

/** The route's flow (src/services/flows/tags-flows.ts) starts with it; the person's role says whether they manage tags. */
export function TagsScreen() {
  const ref = useFlow('tags');
  return ref ? <TagsView flow={ref} /> : null;
}

function TagsView({ flow: ref }: { flow: TagsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tags;
  const manages = useSelector(ref, (s) => s.context.manages);
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const empty = useSelector(ref, (s) => s.hasTag('empty'));
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const confirming = useSelector(ref, (s) => s.hasTag('confirm'));
  const allGroups = useSelector(ref, (s) => groupsOf(s.context));
  const types = useSelector(ref, (s) => s.context.types);
  // The filters in the URL narrow what shows (SPEC §2 /tags filters parameter); the lists load whole.
  const groups = filteredGroupsOf(allGroups, useSelector(ref, (s) => s.context.filters));
  const filtersFlow = useSelector(ref, (s) => s.children.filters as TagFilterActorRef | undefined);
  const pendingDelete = useSelector(ref, (s) => s.context.pendingDelete);

  const confirmText =
    pendingDelete === null
      ? { title: '', body: '' }
      : pendingDelete.kind === 'type'
        ? { title: <UserSentence sentence={(name) => t.confirm.typeTitle({ name })} text={pendingDelete.name} />, body: t.confirm.typeBody() }
        : { title: <UserSentence sentence={(name) => t.confirm.tagTitle({ name })} text={pendingDelete.name} />, body: t.confirm.tagBody() };

  return (
    <section className={page} data-testid="tags-page" aria-busy={busy}>
      <div className={head}>
        <div>
          <Heading as="h1" size="2xl">
            {t.title()}
          </Heading>
          <Text muted>{t.lead()}</Text>
        </div>
        {manages ? (
          <div className={actionsRow}>
            <Button onClick={() => ref.send({ type: 'user.addType' })} disabled={loading || failed} data-testid="tags-add-type">
              {t.addType()}
            </Button>
            {allGroups.length > 0 ? (
              <Button variant="outline" onClick={() => ref.send({ type: 'user.addTag' })} data-testid="tags-add-tag">
                {t.addTag()}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {!manages ? <InlineAlert status="info" title={t.readOnly()} data-testid="tags-read-only" /> : null}
      {filtersFlow && allGroups.length > 0 ? <TagsFilterBar flow={filtersFlow} types={types} /> : null}
      {allGroups.length > 0 && groups.length === 0 ? (
        <p className={muted} role="status" data-testid="tags-no-match">
          {t.filters.noMatch()}
        </p>
      ) : null}

      {loading ? (
        <p className={muted} role="status" data-testid="tags-loading">
          {t.loading()}
        </p>
      ) : null}
      {failed ? (
        <div className={stateBox}>
          <InlineAlert status="error" title={t.toast.listFailed()} data-testid="tags-error" />
          <Button variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="tags-retry">
            {t.retry()}
          </Button>
        </div>
      ) : null}
      {empty ? (
        <div className={stateBox} data-testid="tags-empty">
          <Text>{t.empty()}</Text>
          {manages ? <Text muted>{t.emptyManager()}</Text> : null}
        </div>
      ) : null}

      {groups.length > 0 ? (
        <ul className={list} aria-label={t.types()}>
          {groups.map((g) => (
            <TypeCard key={g.type.id} actor={ref} group={g} manages={manages} />
          ))}
        </ul>
      ) : null}

      <TypeDialog actor={ref} />
      <TagDialog actor={ref} />
      <TagsLimitDialog actor={ref} />
      <ModalDialog
        open={confirming}
        onClose={() => ref.send({ type: 'user.cancel' })}
        title={confirmText.title}
        description={confirmText.body}
        role="alertdialog"
        data-testid="tags-confirm"
        footer={
          <>
            <Button variant="outline" onClick={() => ref.send({ type: 'user.cancel' })} disabled={busy} data-testid="confirm-cancel">
              {t.confirm.cancel()}
            </Button>
            <Button onClick={() => ref.send({ type: 'user.confirm' })} loading={busy} data-testid="confirm-ok">
              {t.confirm.ok()}
            </Button>
          </>
        }
      />
    </section>
  );
}

/** SPEC §2 feature-limit dialog: the plan lacks custom tags (SPEC §3 `custom_tag`); Upgrade starts the plan upgrade. */
function TagsLimitDialog({ actor }: { actor: TagsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tags.limit;
  // The feature-limit dialog stays under the plan upgrade's (the flow's child), which opens over it.
  const open = useSelector(actor, (s) => s.hasTag('featureLimit'));
  const manages = useSelector(actor, (s) => s.context.manages);
  const planName = useSelector(actor, (s) => s.context.plan?.planName ?? '');
  const upgrade = useSelector(actor, (s) => s.children.planUpgrade as PlanUpgradeActorRef | undefined);
  return (
    <>
      <FeatureLimitDialog
        open={open}
        onClose={() => actor.send({ type: 'user.close' })}
        texts={{
          title: t.title(),
          body: planName ? t.body({ plan: planName }) : t.bodyNoPlan(),
          upgrade: t.upgrade(),
          upgradeLater: t.upgradeLater(),
          contactAdmin: t.contactAdmin(),
          close: t.close(),
        }}
        mayUpgrade={manages}
        onUpgrade={() => actor.send({ type: 'user.upgrade' })}
      />
      <PlanUpgradeDialog flow={upgrade} />
    </>
  );
}

/** One tag type: its name, active switch and actions, and its tags. */
function TypeCard({ actor, group, manages }: { actor: TagsActorRef; group: TagGroup; manages: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.tags;
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const headingId = useId();
  const { type, tags } = group;
  return (
    <li className={typeCard} aria-labelledby={headingId} data-testid={`tags-type-${type.id}`}>
      <div className={typeHead}>
        <h2 id={headingId} className={typeName}>
          <UserText text={type.name} />
        </h2>
        <div className={actionsRow}>
          {manages ? (
            <Switch
              checked={type.isActive}
              label={t.activeOf({ type: visibleText(type.name) })}
              text={t.active()}
              disabled={busy}
              onToggle={() => actor.send({ type: 'user.toggleType', id: type.id, isActive: !type.isActive })}
              testId={`tags-type-active-${type.id}`}
            />
          ) : (
            <span className={muted} data-testid={`tags-type-active-${type.id}`} data-active={type.isActive}>
              {type.isActive ? t.active() : null}
            </span>
          )}
          {manages ? (
            <>
              <Button size="sm" variant="outline" disabled={busy} aria-label={t.addTagTo({ type: visibleText(type.name) })} onClick={() => actor.send({ type: 'user.addTag', tagTypeId: type.id })} data-testid={`tags-add-tag-${type.id}`}>
                {t.addTag()}
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} aria-label={t.renameTypeOf({ type: visibleText(type.name) })} onClick={() => actor.send({ type: 'user.renameType', id: type.id })} data-testid={`tags-type-rename-${type.id}`}>
                {t.renameType()}
              </Button>
              <Button size="sm" variant="ghost" disabled={busy} aria-label={t.deleteTypeOf({ type: visibleText(type.name) })} onClick={() => actor.send({ type: 'user.deleteType', id: type.id })} data-testid={`tags-type-delete-${type.id}`}>
                {t.delete()}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {!type.isActive ? <p className={muted}>{t.inactive()}</p> : null}
      {tags.length === 0 ? (
        <p className={muted}>{t.noTags()}</p>
      ) : (
        <ul className={tagList}>
          {tags.map((tag) => (
            <TagRow key={tag.id} actor={actor} tag={tag} manages={manages} />
          ))}
        </ul>
      )}
    </li>
  );
}

function TagRow({ actor, tag, manages }: { actor: TagsActorRef; tag: Tag; manages: boolean }) {
  const { LL } = useI18nContext();
  const t = LL.tags;
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <li className={tagRow} data-testid="tag-row" data-tag-id={tag.id}>
      <div className={tagMain}>
        <UserText className={tagTitle} text={tag.name} />
        {tag.values.length === 0 ? (
          <span className={muted}>{t.noValues()}</span>
        ) : (
          <ul className={chips} aria-label={t.valuesOf({ tag: visibleText(tag.name) })}>
            {tag.values.map((v) => (
              <li key={v.id} className={chip}>
                <UserText text={v.value} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {manages ? (
        <div className={actionsRow}>
          <Button size="sm" variant="outline" disabled={busy} aria-label={t.editTagOf({ tag: visibleText(tag.name) })} onClick={() => actor.send({ type: 'user.editTag', id: tag.id })} data-testid={`tag-edit-${tag.id}`}>
            {t.edit()}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} aria-label={t.deleteTagOf({ tag: visibleText(tag.name) })} onClick={() => actor.send({ type: 'user.deleteTag', id: tag.id })} data-testid={`tag-delete-${tag.id}`}>
            {t.delete()}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** A dialog whose form submits to the machine (the kit's, in the tags' words). */
function FormDialog({ testId, ...props }: Omit<FormDialogProps, 'texts' | 'data-testid'> & { testId: string }) {
  const { LL } = useI18nContext();
  const t = LL.tags;
  return <KitFormDialog {...props} data-testid={testId} texts={{ cancel: t.cancel(), save: t.save(), saving: t.saving(), close: t.close() }} />;
}

function TypeDialog({ actor }: { actor: TagsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tags;
  const open = useSelector(actor, (s) => s.hasTag('editType'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const draft = useSelector(actor, (s) => (isTypeDraft(s.context.draft) ? s.context.draft : null));
  const nameError = useSelector(actor, (s) => s.context.fieldErrors.name);
  return (
    <FormDialog
      open={open}
      title={draft?.id == null ? t.typeForm.addTitle() : t.typeForm.renameTitle()}
      testId="tags-type-dialog"
      saving={saving}
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      saveTestId="tags-type-save"
      cancelTestId="tags-type-cancel"
    >
      <TextField
        label={t.typeForm.name()}
        name="name"
        required
        value={draft?.name ?? ''}
        placeholder={t.typeForm.namePlaceholder()}
        readOnly={saving}
        errorText={fieldErrorText(LL, nameError)}
        errorTestId="tags-type-name-error"
        onChange={(e) => actor.send({ type: 'user.changeName', value: e.currentTarget.value })}
        data-testid="tags-type-name"
      />
    </FormDialog>
  );
}

function TagDialog({ actor }: { actor: TagsActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.tags;
  const f = t.tagForm;
  const open = useSelector(actor, (s) => s.hasTag('editTag'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const draft = useSelector(actor, (s) => (isTagDraft(s.context.draft) ? s.context.draft : null));
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const options = useSelector(actor, (s) => typeOptionsOf(s.context));
  const valuesError = fieldErrorText(LL, errors.values);
  return (
    <FormDialog
      open={open}
      title={draft?.id == null ? f.addTitle() : f.editTitle()}
      testId="tag-dialog"
      saving={saving}
      onCancel={() => actor.send({ type: 'user.cancel' })}
      onSubmit={() => actor.send({ type: 'user.submit' })}
      saveTestId="tag-save"
      cancelTestId="tag-cancel"
    >
      <TextField
        label={f.name()}
        name="name"
        required
        value={draft?.name ?? ''}
        placeholder={f.namePlaceholder()}
        readOnly={saving}
        errorText={fieldErrorText(LL, errors.name)}
        errorTestId="tag-name-error"
        onChange={(e) => actor.send({ type: 'user.changeName', value: e.currentTarget.value })}
        data-testid="tag-name"
      />
      <SimpleSelect
        label={f.type()}
        name="tagTypeId"
        options={options}
        value={draft?.tagTypeId == null ? '' : String(draft.tagTypeId)}
        disabled={saving}
        onValueChange={(v) => {
          if (v) actor.send({ type: 'user.changeType', tagTypeId: Number(v) });
        }}
        data-testid="tag-type"
      />
      {errors.tagTypeId ? <p className={errorText}>{fieldErrorText(LL, errors.tagTypeId)}</p> : null}
      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0', minInlineSize: '0' })}>
        <legend className={css({ fontWeight: 'medium', textStyle: 'sm', mb: '1' })}>{f.values()}</legend>
        <p className={muted}>{f.valuesHint()}</p>
        {draft && draft.values.length > 0 ? (
          <div className={valuesBox}>
            {draft.values.map((v, index) => (
              <div key={v.id ?? `new-${index}`} className={valueLine}>
                <TextField
                  label={f.valueN({ n: index + 1 })}
                  value={v.value}
                  readOnly={saving}
                  onChange={(e) => actor.send({ type: 'user.changeValue', index, value: e.currentTarget.value })}
                  data-testid={`tag-value-${index}`}
                />
                <Button size="sm" variant="ghost" disabled={saving} aria-label={f.removeValue({ value: visibleText(v.value) })} onClick={() => actor.send({ type: 'user.removeValue', index })} data-testid={`tag-value-remove-${index}`}>
                  ×
                </Button>
              </div>
            ))}
          </div>
        ) : null}
        <div className={valueLine}>
          <TextField
            label={f.newValue()}
            value={draft?.newValue ?? ''}
            placeholder={f.newValuePlaceholder()}
            readOnly={saving}
            onChange={(e) => actor.send({ type: 'user.changeNewValue', value: e.currentTarget.value })}
            onKeyDown={(e) => {
              // Enter adds the value (instead of submitting the form).
              if (e.key === 'Enter') {
                e.preventDefault();
                actor.send({ type: 'user.addValue' });
              }
            }}
            data-testid="tag-value-input"
          />
          <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: 'user.addValue' })} data-testid="tag-value-add">
            {f.addValue()}
          </Button>
        </div>
        {valuesError ? (
          <p className={errorText} role="alert" data-testid="tag-values-error">
            {valuesError}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}
