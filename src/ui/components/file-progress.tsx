import { useSelector } from '@xstate/react';
import { css } from '../../../styled-system/css';
import { formatFileSize } from '../../contract/storage';
import { uploadViewOf, type FileUploadActorRef, type FileUploadSnapshot, type UploadError, type UploadView } from '../../machines/file-upload.machine';
import { Button } from './button';
import { UserText } from './user-text';
import { visibleText } from './visible-text';

/**
 * One file's upload as a row (SPEC §7 Files): its name (inert user text), its size, a progress
 * bar while it uploads, and why it stopped when it did; cancel and retry buttons when the screen
 * gives them (with its own texts). `FileProgress` reads an upload child flow
 * (src/machines/file-upload.machine.ts) from the ref its parent's snapshot holds;
 * `FileProgressView` draws what `uploadViewOf` says, for a screen that already has it.
 *
 * The bar is a determinate one of its own: the kit's ProgressBar (./progress-bar.tsx) is the
 * page's indeterminate navigation bar, fixed at the top.
 */

export type FileProgressAction = { label: string; onClick: () => void };

export type FileProgressViewProps = {
  upload: UploadView;
  /** The cancel (or remove) button, in the screen's words; none without it. */
  cancel?: FileProgressAction;
  /** The retry button shown after a failure, in the screen's words; none without it. */
  retry?: FileProgressAction;
  /** The size as the screen writes it (default: formatFileSize, SPEC §9 units). */
  formatSize?: (bytes: number) => string;
  /** Why the upload stopped, in the screen's words (default: the upload's own text). */
  errorText?: (error: UploadError) => string;
  /** The progress as the screen writes it (default: a percentage in the browser's language). */
  formatProgress?: (fraction: number) => string;
};

const root = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
const line = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', minWidth: '0' });
const name = css({ textStyle: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere', minWidth: '0', flex: '1 1 auto' });
const muted = css({ textStyle: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' });
const errorLine = css({ textStyle: 'xs', color: 'fg.error' });
const track = css({ height: '1.5', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden', width: 'full' });
const fill = css({
  height: 'full',
  bg: 'colorPalette.default',
  borderRadius: 'full',
  transitionProperty: 'width',
  transitionDuration: 'fast',
  _motionReduce: { transition: 'none' },
});

const percent = (fraction: number): string => new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);

export function FileProgressView({ upload, cancel, retry, formatSize = formatFileSize, errorText, formatProgress = percent }: FileProgressViewProps) {
  const moving = upload.status === 'requesting' || upload.status === 'uploading' || upload.status === 'completing';
  const stopped = upload.status === 'failed' || upload.status === 'refused';
  const value = Math.round(Math.min(1, Math.max(0, upload.progress)) * 100);
  return (
    <div className={root} data-testid="file-progress" data-status={upload.status}>
      <div className={line}>
        <UserText className={name} text={upload.name} />
        <span className={muted}>
          <bdi>{formatSize(upload.size)}</bdi>
          {moving ? (
            <>
              {' · '}
              <bdi data-testid="file-progress-value">{formatProgress(value / 100)}</bdi>
            </>
          ) : null}
        </span>
        {retry && upload.status === 'failed' ? (
          <Button size="xs" variant="outline" onClick={retry.onClick} data-testid="file-progress-retry">
            {retry.label}
          </Button>
        ) : null}
        {cancel && upload.status !== 'done' && upload.status !== 'cancelled' ? (
          <Button size="xs" variant="ghost" onClick={cancel.onClick} data-testid="file-progress-cancel">
            {cancel.label}
          </Button>
        ) : null}
      </div>
      {moving ? (
        <div
          className={track}
          role="progressbar"
          aria-label={visibleText(upload.name)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
        >
          <div className={fill} style={{ width: `${value}%` }} />
        </div>
      ) : null}
      {stopped && upload.error ? (
        <span className={errorLine} role="alert" data-testid="file-progress-error">
          {errorText ? errorText(upload.error) : upload.error.message}
        </span>
      ) : null}
    </div>
  );
}

const sameView = (a: UploadView, b: UploadView): boolean =>
  a.name === b.name && a.size === b.size && a.kind === b.kind && a.status === b.status && a.progress === b.progress && a.error === b.error;

export type FileProgressProps = Omit<FileProgressViewProps, 'upload'> & {
  /** The upload child flow (from its parent's snapshot). */
  flow: FileUploadActorRef;
};

/** An upload child flow as a row. */
export function FileProgress({ flow, ...rest }: FileProgressProps) {
  const upload = useSelector(flow, (s: FileUploadSnapshot) => uploadViewOf(s), sameView);
  return <FileProgressView upload={upload} {...rest} />;
}
