/**
 * File sizes as people read them (SPEC §9: bytes, kB, MB, GB, and 'over 1 TB'): the one rule the
 * chat view (in the page's language) and the file store's English text share. Units are powers
 * of 1,024; the value keeps one decimal, cut rather than rounded, so a size never reads as 1,024
 * of its unit (1,048,575 bytes is 1,023.9 kB).
 */
export type FileSizeUnit = 'oneByte' | 'bytes' | 'kB' | 'MB' | 'GB' | 'overTB';
export type FileSize = { unit: FileSizeUnit; value: number };

const KB = 1024;
const units: readonly [Exclude<FileSizeUnit, 'oneByte' | 'bytes' | 'overTB'>, number][] = [
  ['GB', KB ** 3],
  ['MB', KB ** 2],
  ['kB', KB],
];

/** The unit and value a size shows with (negative or fractional sizes count as whole bytes from 0). */
export const fileSizeOf = (bytes: number): FileSize => {
  const size = Math.max(0, Math.floor(Number.isFinite(bytes) ? bytes : 0));
  if (size >= KB ** 4) return { unit: 'overTB', value: 1 };
  for (const [unit, base] of units) {
    if (size >= base) return { unit, value: Math.floor((size / base) * 10) / 10 };
  }
  return size === 1 ? { unit: 'oneByte', value: 1 } : { unit: 'bytes', value: size };
};
