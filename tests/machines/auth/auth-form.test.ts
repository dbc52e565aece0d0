import { describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/codes';
import {
  firstInvalid,
  toFormError,
  validateCode,
  validateConfirm,
  validateEmail,
  validateFields,
  validateNewPassword,
  validateRequiredPassword,
} from '../../../src/machines/auth/auth-form';

describe('auth form validation (SPEC §5)', () => {
  it('checks the email: empty, invalid, valid', () => {
    expect(validateEmail('')).toBe('emailEmpty');
    expect(validateEmail('   ')).toBe('emailEmpty');
    expect(validateEmail('not-an-email')).toBe('emailInvalid');
    expect(validateEmail('a@b')).toBe('emailInvalid');
    expect(validateEmail(' ann@example.com ')).toBeNull();
  });

  it('requires the sign-in password and checks a new one for length', () => {
    expect(validateRequiredPassword('')).toBe('passwordRequired');
    expect(validateRequiredPassword('x')).toBeNull();
    expect(validateNewPassword('')).toBe('passwordRequired');
    expect(validateNewPassword('short')).toBe('passwordTooShort');
    expect(validateNewPassword('long-enough')).toBeNull();
  });

  it('requires the confirmation and reports a mismatch', () => {
    expect(validateConfirm('', 'secret-123')).toBe('confirmRequired');
    expect(validateConfirm('secret-124', 'secret-123')).toBe('passwordsMismatch');
    expect(validateConfirm('secret-123', 'secret-123')).toBeNull();
  });

  it('wants a six-digit code', () => {
    expect(validateCode('')).toBe('codeRequired');
    expect(validateCode('12345')).toBe('codeFormat');
    expect(validateCode('12a456')).toBe('codeFormat');
    expect(validateCode(' 123456 ')).toBeNull();
  });

  it('maps server codes to message keys, other codes keep the server text', () => {
    expect(toFormError(Code.NO_ACTIVE_ACCOUNT, 'x').key).toBe('noActiveAccount');
    expect(toFormError(Code.RATE_LIMITED, 'x').key).toBe('rateLimited');
    expect(toFormError(Code.CODE_INVALID, 'x').key).toBe('codeInvalid');
    expect(toFormError(Code.PASSWORD_WEAK, 'x').key).toBe('passwordWeak');
    expect(toFormError(Code.WRONG_PASSWORD, 'x').key).toBe('wrongPassword');
    expect(toFormError(Code.GOOGLE_INVALID, 'x').key).toBe('googleFailed');
    expect(toFormError(Code.VALIDATION, 'x').key).toBe('invalidRequest');
    expect(toFormError(Code.MALFORMED_JSON, 'x').key).toBe('invalidRequest');
    expect(toFormError(123456, 'Server says no')).toEqual({ key: 'server', code: 123456, message: 'Server says no' });
  });

  it('merges field results and finds the first invalid field in form order', () => {
    const errors = validateFields<'a' | 'b' | 'c'>({ c: 'codeRequired' }, ['a', 'b', 'c'], {
      a: () => null,
      b: () => 'emailEmpty',
      c: () => null,
    });
    expect(errors).toEqual({ b: 'emailEmpty' });
    expect(firstInvalid(errors, ['a', 'b', 'c'])).toBe('b');
    expect(firstInvalid({}, ['a'])).toBeNull();
  });
});
