/** The phone key (server/leads/phone-key.ts): one person's number written many ways reads as one E.164 key. */
import { describe, expect, it } from 'vitest';
import { phoneKey } from '../../server/leads/phone-key';

describe('phone key', () => {
  it('reads the SPEC §5 example and its neighbours as one number', () => {
    for (const written of ['+1 (415) 555-0100', '14155550100', '(415) 555-0100', '415.555.0100', '+1-415-555-0100']) expect(phoneKey(written), written).toBe('+14155550100');
  });

  it('takes the default country for local numbers, international ones as written, and never re-reads a possible local number abroad', () => {
    expect(phoneKey('138 0013 8000', 'CN')).toBe('+8613800138000');
    expect(phoneKey('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(phoneKey('+86 138 0013 8000', 'GB')).toBe('+8613800138000');
    expect(phoneKey('8613800138000')).toBe('+8613800138000');
    expect(phoneKey('(646) 100-0042')).toBe('+16461000042');
  });

  it('keys unreadable numbers by their digits, and nothing without digits', () => {
    expect(phoneKey('123')).toBe('123');
    expect(phoneKey('abc')).toBeNull();
    expect(phoneKey('')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });
});
