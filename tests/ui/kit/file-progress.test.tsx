/**
 * The kit's upload row (src/ui/components/file-progress.tsx): the name shown inert, the size in
 * SPEC §9 units, a determinate progress bar while the file moves, why it stopped, and the
 * screen's cancel and retry buttons; read from an upload child flow.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { UploadTarget } from '../../../src/contract/storage';
import type { Attachment } from '../../../src/contract/templates';
import type { Answer } from '../../../src/machines/answer';
import {
  fileUploadMachine,
  type CompleteUploadInput,
  type FileUploadEvent,
  type RequestUploadInput,
  type TransferInput,
  type UploadView,
} from '../../../src/machines/file-upload.machine';
import { FileProgress, FileProgressView } from '../../../src/ui/components/file-progress';

const view = (patch: Partial<UploadView> = {}): UploadView => ({
  name: 'photo.png',
  size: 1536,
  kind: 'image',
  status: 'uploading',
  progress: 0.42,
  error: null,
  ...patch,
});

describe('FileProgressView', () => {
  it('shows the name, the size and a progress bar with its value while uploading', () => {
    render(<FileProgressView upload={view()} formatProgress={(f) => `${Math.round(f * 100)} %`} />);
    const bar = screen.getByRole('progressbar', { name: 'photo.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('1.5 kB')).toBeTruthy();
    expect(screen.getByTestId('file-progress-value').textContent).toBe('42 %');
    expect(screen.getByTestId('file-progress').dataset.status).toBe('uploading');
  });

  it('shows why it stopped, in the screen’s words, and the retry and cancel buttons it was given', async () => {
    const retry = vi.fn();
    const cancel = vi.fn();
    render(
      <FileProgressView
        upload={view({ status: 'failed', error: { kind: 'transfer', message: 'The upload was refused (HTTP 403)' } })}
        retry={{ label: 'Try again', onClick: retry }}
        cancel={{ label: 'Remove', onClick: cancel }}
        errorText={(e) => (e.kind === 'transfer' ? 'Upload failed' : e.message)}
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Upload failed');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect([retry.mock.calls.length, cancel.mock.calls.length]).toEqual([1, 1]);
  });

  it('shows a refused file’s reason (SPEC §8 "Invalid size"), no retry, and a hostile name inert', () => {
    render(
      <FileProgressView
        upload={view({ name: '\u202egnp.exe<script>', status: 'refused', size: 17 * 1024 * 1024, error: { kind: 'size', message: 'Invalid size' } })}
        retry={{ label: 'Try again', onClick: () => undefined }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Invalid size');
    expect(screen.getByText('17 MB')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    // The right-to-left override is shown as a visible mark, not obeyed.
    expect(screen.getByTestId('file-progress').querySelector('bdi')!.textContent).not.toContain('\u202e');
  });
});

describe('FileProgress', () => {
  it('follows an upload flow: its progress as it comes, then done', () => {
    let report: ((e: FileUploadEvent) => void) | null = null;
    const flow = createActor(
      fileUploadMachine.provide({
        actors: {
          requestUpload: fromPromise<Answer<UploadTarget>, RequestUploadInput>(async () => ({
            ok: true,
            data: { fileId: 'f1', uploadUrl: '/u', method: 'PUT', headers: {}, expiresAt: 1 },
          })),
          transfer: fromCallback<FileUploadEvent, TransferInput>(({ sendBack }) => {
            report = sendBack;
          }),
          completeUpload: fromPromise<Answer<Attachment>, CompleteUploadInput>(async () => ({
            ok: true,
            data: { fileId: 'f1', name: 'a.png', mimeType: 'image/png', kind: 'image', size: 10 },
          })),
        },
      }),
      { input: { token: 't', file: new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }) } },
    ).start();
    render(<FileProgress flow={flow} />);
    return vi.waitFor(() => expect(report).not.toBeNull()).then(() => {
      act(() => report!({ type: 'upload.progress', loaded: 5, total: 10 }));
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
      act(() => report!({ type: 'upload.done' }));
      return vi.waitFor(() => expect(screen.getByTestId('file-progress').dataset.status).toBe('done'));
    });
  });
});
