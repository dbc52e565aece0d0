import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents } from '../../src/contract/money';

describe('money on screen', () => {
  it('cuts cents into units and two decimals without floating point', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(1234)).toBe('12.34');
    expect(centsToDecimal(-5)).toBe('-0.05');
    // 2^53 - 1 cents still cuts exactly (a float division would round the last digits).
    expect(centsToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses fractional cents', () => {
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
  });

  it('formats in the reader’s locale with two decimals', () => {
    expect(formatCents(123456705, 'en')).toBe('$1,234,567.05');
    expect(formatCents(1000, 'zh-CN')).toBe('US$10.00');
    expect(formatCents(1000, 'ar')).toContain('10.00');
    expect(formatCents(1000, 'ar')).toContain('US$');
  });
});
