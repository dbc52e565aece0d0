/**
 * The first-run guidance (SPEC §2 Dialogs: user guidance, install the extension, with Not Now) and
 * the sync-button guidance mask (No leads found, Sync Now), shown while the first-run flow says so
 * (tags `showGuide`, `showSyncMask`, src/machines/first-run-guide.machine.ts).
 *
 * The guidance is a non-modal dialog in the layout's corner stack (src/ui/screens/sync/sync-overlays.tsx):
 * guidance, not a gate, so the workspace stays usable and focus is not taken away from what the
 * person is doing. The mask is a banner in the layout flow at the top of the main content
 * (`SyncBanner`), so it never lies over a control of the screen (it stays until closed).
 * Escape inside one dismisses it, like Not Now / Close.
 *
 * Test ids: first-run-guide (data-step), guide-install, guide-installed, guide-not-now,
 * sync-mask, sync-mask-sync-now, sync-mask-close.
 */
import { useSelector } from '@xstate/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { useI18nContext } from '../../../i18n/i18n-react';
import type { FirstRunGuideActorRef } from '../../../machines/first-run-guide.machine';
import { Button } from '../../components/button';
import { Heading, Text } from '../../components/heading';
import { Spinner } from '../../components/spinner';
import { EXTENSION_INSTALL_URL } from './links';

const card = css({
  pointerEvents: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '5',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  boxShadow: 'lg',
});
const banner = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  p: '4',
  mb: '4',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
});
const bannerText = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0', flex: '1 1 16rem' });
const footer = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' });
const stepText = css({ textStyle: 'xs', color: 'fg.muted' });
const dots = css({ display: 'flex', gap: '1' });
const dot = css({ width: '2', height: '2', borderRadius: 'full', bg: 'bg.emphasized', '&[data-on]': { bg: 'colorPalette.default' } });
const inTextSpinner = css({ verticalAlign: 'middle', marginInlineEnd: '1' });
const linkButton = cx(button({ variant: 'solid', size: 'md' }), css({ textDecoration: 'none' }));
const linkButtonOutline = cx(button({ variant: 'outline', size: 'md' }), css({ textDecoration: 'none' }));

const STEPS = 3;

function CornerDialog({ id, title, onEscape, children, testId, step }: { id: string; title: ReactNode; onEscape: () => void; children: ReactNode; testId: string; step?: number }) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onEscape();
    }
  };
  return (
    <section role="dialog" aria-modal="false" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`} className={card} onKeyDown={onKeyDown} data-testid={testId} data-step={step}>
      <Heading as="h2" size="md" id={`${id}-title`}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export function GuideCard({ guide }: { guide: FirstRunGuideActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.sync.guide;
  const show = useSelector(guide, (s) => s.hasTag('showGuide'));
  const step = useSelector(guide, (s) => s.context.step);
  if (!show) return null;
  const product = LL.common.productName();
  const dismiss = () => guide.send({ type: 'user.dismiss' });
  const title = step === 0 ? t.step0.title({ product }) : step === 1 ? t.step1.title() : t.step2.title();
  const body = step === 0 ? t.step0.body() : step === 1 ? t.step1.body() : t.step2.body();
  const install = (className: string) => (
    <a href={EXTENSION_INSTALL_URL} target="_blank" rel="noopener noreferrer" className={className} onClick={() => guide.send({ type: 'user.install' })} data-testid="guide-install">
      {t.install()}
      <span className={css({ srOnly: true })}> {LL.sync.notice.newTab()}</span>
    </a>
  );
  return (
    <CornerDialog id="first-run-guide" title={title} onEscape={dismiss} testId="first-run-guide" step={step}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <span className={dots} aria-hidden="true">
          {Array.from({ length: STEPS }, (_, i) => (
            <span key={i} className={dot} data-on={i <= step ? '' : undefined} />
          ))}
        </span>
        <span className={stepText}>{t.stepOf({ step: step + 1, total: STEPS })}</span>
      </div>
      <Text id="first-run-guide-body" role={step === 2 ? 'status' : undefined}>
        {step === 2 ? <Spinner className={inTextSpinner} /> : null}
        {body}
      </Text>
      <div className={footer}>
        <Button variant="ghost" onClick={dismiss} data-testid="guide-not-now">
          {t.notNow()}
        </Button>
        {step === 0 ? install(linkButton) : null}
        {step === 1 ? (
          <>
            {install(linkButtonOutline)}
            <Button onClick={() => guide.send({ type: 'user.installed' })} data-testid="guide-installed">
              {t.installed()}
            </Button>
          </>
        ) : null}
      </div>
    </CornerDialog>
  );
}

export function SyncMaskCard({ guide }: { guide: FirstRunGuideActorRef }) {
  const { LL } = useI18nContext();
  const t = LL.sync.mask;
  const show = useSelector(guide, (s) => s.hasTag('showSyncMask'));
  if (!show) return null;
  const close = () => guide.send({ type: 'user.closeMask' });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    }
  };
  return (
    <section aria-labelledby="sync-mask-title" aria-describedby="sync-mask-body" className={banner} onKeyDown={onKeyDown} data-testid="sync-mask">
      <div className={bannerText}>
        <Heading as="h2" size="md" id="sync-mask-title">
          {t.title()}
        </Heading>
        <Text id="sync-mask-body">{t.body()}</Text>
      </div>
      <div className={footer}>
        <Button variant="ghost" onClick={close} data-testid="sync-mask-close">
          {t.close()}
        </Button>
        <Button onClick={() => guide.send({ type: 'user.syncNow' })} data-testid="sync-mask-sync-now">
          {t.syncNow()}
        </Button>
      </div>
    </section>
  );
}
