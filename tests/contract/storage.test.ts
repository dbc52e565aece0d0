/** The file rules of the contract (SPEC §7 Files, §8 'Invalid size', §9 16 MB and the size units), shared by the client and the server. */
import { describe, expect, it } from 'vitest';
import { INVALID_SIZE_MESSAGE, MAX_FILE_BYTES, UNSUPPORTED_TYPE_MESSAGE, fileKindOf, formatFileSize, mimeTypeOf, uploadProblem } from '../../src/contract/storage';

describe('file rules', () => {
  it('sorts types into kinds; anything else is refused', () => {
    expect(['image/png', 'image/svg+xml', 'video/quicktime', 'application/pdf', 'text/html', 'TEXT/CSV; charset=utf-8'].map(fileKindOf)).toEqual([
      'image',
      'image',
      'video',
      'document',
      'document',
      'document',
    ]);
    expect(['application/x-msdownload', 'text/javascript', 'application/octet-stream', '', 'image/png-evil'].map(fileKindOf)).toEqual([null, null, null, null, null]);
  });

  it('takes the extension’s type when the browser gives none', () => {
    expect(mimeTypeOf('Offer.PDF', '')).toBe('application/pdf');
    expect(mimeTypeOf('sheet.xlsx', 'application/octet-stream')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(mimeTypeOf('photo.png', 'image/jpeg')).toBe('image/jpeg');
    expect(mimeTypeOf('noext', '')).toBe('');
  });

  it('refuses an empty file or one over 16 MB with "Invalid size" first, then a refused type', () => {
    expect(MAX_FILE_BYTES).toBe(16 * 1024 * 1024);
    expect(uploadProblem({ mimeType: 'image/png', size: MAX_FILE_BYTES })).toBeNull();
    expect(uploadProblem({ mimeType: 'image/png', size: MAX_FILE_BYTES + 1 })).toBe(INVALID_SIZE_MESSAGE);
    expect(uploadProblem({ mimeType: 'image/png', size: 0 })).toBe(INVALID_SIZE_MESSAGE);
    expect(uploadProblem({ mimeType: 'image/png', size: 1.5 })).toBe(INVALID_SIZE_MESSAGE);
    expect(uploadProblem({ mimeType: 'x/y', size: MAX_FILE_BYTES + 1 })).toBe(INVALID_SIZE_MESSAGE);
    expect(uploadProblem({ mimeType: 'x/y', size: 1 })).toBe(UNSUPPORTED_TYPE_MESSAGE);
    expect(INVALID_SIZE_MESSAGE).toBe('Invalid size');
  });

  it('writes sizes in bytes, kB, MB, GB and "over 1 TB" (SPEC §9), one decimal cut', () => {
    expect([0, 1, 1023, 1024, 1536, 1_048_575, 16 * 1024 * 1024, 5.25 * 1024 ** 3, 1024 ** 4 - 1, 1024 ** 4].map(formatFileSize)).toEqual([
      '0 bytes',
      '1 byte',
      '1023 bytes',
      '1 kB',
      '1.5 kB',
      '1023.9 kB',
      '16 MB',
      '5.2 GB',
      '1023.9 GB',
      'over 1 TB',
    ]);
  });
});
