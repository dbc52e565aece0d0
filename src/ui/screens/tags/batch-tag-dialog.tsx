/**
 * Batch tagging dialog (SPEC §7 Tags: batch update under /admin or /member by real role; §9
 * frequently-used values refreshed at most every 10 s): adds and removes tag values on a contact
 * selection. Used by the contacts screen and the pipeline's tab menu. The flow is the batch-tag
 * machine, a child the screen's machine starts when the dialog opens and reacts to when it ends
 * (src/machines/batch-tag.machine.ts); this view renders the ref it is given and sends `user.*`.
 *
 * Values are toggle buttons (aria-pressed), reachable by keyboard; frequently-used values come
 * first in the add list, and each value shows once there. Logical CSS properties only (RTL).
 * Test ids: batch-tag-dialog, batch-tag-value (data-value-id), batch-tag-remove-value
 * (data-value-id), batch-tag-apply, batch-tag-cancel, batch-tag-error, batch-tag-retry.
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import type { Tag } from '../../../contract/tags';
import { useI18nContext } from '../../../i18n/i18n-react';
import { canApply, frequentValuesOf, offeredTagsOf, removableTagsOf, type BatchTagActorRef } from '../../../machines/batch-tag.machine';
import { InlineAlert } from '../../components/alert';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/dialog';
import { UserText } from '../../components/user-text';

export type BatchTagDialogProps = {
  /** The batch-tag flow its parent started (none: the dialog is closed). */
  flow: BatchTagActorRef | undefined;
  /** The dialog's title (default: 'Tag contacts'). */
  title?: string;
};

const scroller = css({ display: 'flex', flexDirection: 'column', gap: '5', overflowY: 'auto', maxHeight: 'max(12rem, calc(100dvh - 18rem))', px: '1', py: '1' });
const group = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0', minInlineSize: '0' });
const legend = css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.default', mb: '1' });
const tagName = css({ textStyle: 'xs', color: 'fg.muted', marginBlockEnd: '1' });
const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  paddingInline: '3',
  paddingBlock: '1',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.default',
  color: 'fg.default',
  textStyle: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
  '&[aria-pressed=true]': { bg: 'colorPalette.default', color: 'colorPalette.fg', borderColor: 'colorPalette.default' },
  '&[data-remove][aria-pressed=true]': { bg: 'bg.error', color: 'fg.error', borderColor: 'border.error' },
});
const muted = css({ color: 'fg.muted', textStyle: 'sm' });

export function BatchTagDialog({ flow, title }: BatchTagDialogProps) {
  return flow ? <BatchTagView flow={flow} title={title} /> : null;
}

function BatchTagView({ flow: ref, title }: { flow: BatchTagActorRef; title: string | undefined }) {
  const { LL } = useI18nContext();
  const t = LL.tags.batch;
  const count = useSelector(ref, (s) => s.context.count);

  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const failed = useSelector(ref, (s) => s.hasTag('loadFailed'));
  const applying = useSelector(ref, (s) => s.hasTag('applying'));
  const error = useSelector(ref, (s) => s.context.error);
  const ready = useSelector(ref, (s) => canApply(s.context));
  const offered = useSelector(ref, (s) => offeredTagsOf(s.context));
  const frequent = useSelector(ref, (s) => frequentValuesOf(s.context));
  const removable = useSelector(ref, (s) => removableTagsOf(s.context));
  const done = useSelector(ref, (s) => s.status === 'done');
  const frequentIds = new Set(frequent.map((v) => v.valueId));

  const errorText = error === null ? null : error.kind === 'server' && error.message !== '' ? t.refused({ message: error.message }) : t.failed();
  const showLists = !loading && !failed;

  return (
    <ModalDialog
      open={!done}
      onClose={() => ref.send({ type: 'user.cancel' })}
      title={title ?? t.title()}
      description={t.count({ count })}
      closeLabel={t.close()}
      data-testid="batch-tag-dialog"
      footer={
        <>
          <Button variant="outline" disabled={applying} onClick={() => ref.send({ type: 'user.cancel' })} data-testid="batch-tag-cancel">
            {t.cancel()}
          </Button>
          <Button loading={applying} loadingText={t.applying()} disabled={!showLists || !ready} onClick={() => ref.send({ type: 'user.apply' })} data-testid="batch-tag-apply">
            {t.apply()}
          </Button>
        </>
      }
    >
      {loading ? (
        <p className={muted} role="status">
          {t.loading()}
        </p>
      ) : null}
      {failed ? (
        <>
          <InlineAlert status="error" title={t.loadFailed()} />
          <div>
            <Button variant="outline" onClick={() => ref.send({ type: 'user.retry' })} data-testid="batch-tag-retry">
              {LL.tags.retry()}
            </Button>
          </div>
        </>
      ) : null}
      {showLists ? (
        <div className={scroller} aria-busy={applying}>
          <fieldset className={group} disabled={applying}>
            <legend className={legend}>{t.add()}</legend>
            {offered.length === 0 ? <p className={muted}>{t.noTags()}</p> : null}
            {frequent.length > 0 ? (
              <div>
                <p className={tagName}>{t.frequent()}</p>
                <div className={chips}>
                  {frequent.map((v) => (
                    <ValueChip key={v.valueId} actor={ref} valueId={v.valueId} label={
                        <>
                          <UserText text={v.tagName} />: <UserText text={v.value} />
                        </>
                      }
                      mode="add"
                    />
                  ))}
                </div>
              </div>
            ) : null}
            {offered.map((tag) => (
              <TagChips key={tag.id} actor={ref} tag={tag} mode="add" skip={frequentIds} />
            ))}
          </fieldset>
          <fieldset className={group} disabled={applying}>
            <legend className={legend}>{t.remove()}</legend>
            {removable.length === 0 ? <p className={muted}>{t.nothingToRemove()}</p> : null}
            {removable.map((tag) => (
              <TagChips key={tag.id} actor={ref} tag={tag} mode="remove" />
            ))}
          </fieldset>
          {!ready ? <p className={muted}>{t.pickOne()}</p> : null}
        </div>
      ) : null}
      {errorText ? <InlineAlert status="error" title={errorText} data-testid="batch-tag-error" /> : null}
    </ModalDialog>
  );
}

/** One tag's values as chips (those in `skip` are shown elsewhere). */
function TagChips({ actor, tag, mode, skip }: { actor: BatchTagActorRef; tag: Tag; mode: 'add' | 'remove'; skip?: ReadonlySet<number> }) {
  const values = skip ? tag.values.filter((v) => !skip.has(v.id)) : tag.values;
  if (values.length === 0) return null;
  return (
    <div>
      <p className={tagName}>
        <UserText text={tag.name} />
        {tag.isActive ? null : (
          <>
            {' ('}
            <UserText text={tag.typeName} />)
          </>
        )}
      </p>
      <div className={chips}>
        {values.map((v) => (
          <ValueChip key={v.id} actor={actor} valueId={v.id} label={<UserText text={v.value} />} mode={mode} />
        ))}
      </div>
    </div>
  );
}

/** A value to add or to remove, as a toggle button. */
function ValueChip({ actor, valueId, label, mode }: { actor: BatchTagActorRef; valueId: number; label: ReactNode; mode: 'add' | 'remove' }) {
  const pressed = useSelector(actor, (s) => (mode === 'add' ? s.context.add : s.context.remove).includes(valueId));
  return (
    <button
      type="button"
      className={chip}
      aria-pressed={pressed}
      data-remove={mode === 'remove' ? '' : undefined}
      data-value-id={valueId}
      data-testid={mode === 'add' ? 'batch-tag-value' : 'batch-tag-remove-value'}
      onClick={() => actor.send({ type: mode === 'add' ? 'user.toggleAdd' : 'user.toggleRemove', valueId })}
    >
      {mode === 'remove' ? <span aria-hidden="true">−</span> : <span aria-hidden="true">+</span>}
      {label}
    </button>
  );
}
