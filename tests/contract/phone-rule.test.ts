/**
 * The one phone rule (SPEC §5: digits, spaces and - + \ ( ) only, at least one digit), as the lead
 * form's request schema, the import's row check and the server (which parses with the same
 * schemas) all take it.
 */
import { describe, expect, it } from 'vitest';
import { rowErrors } from '../../src/contract/import-rows';
import { leadAddRequest, leadUpdateRequest } from '../../src/contract/leads';
import { isPhoneText, PHONE_RULE_MESSAGE } from '../../src/contract/phone';

const good = ['+1 (415) 555-0101', '001-415-555-0101', '14155550101', '+86 138 0013 8000', '020\\7946\\0958', ' 415 555 0101 ', '1'];
const bad = ['abc#$%', '+1 415 555 0103 ext#9', '415.555.0101', '+1 415 555 0101 x9', '---', '()', '+', '٠١٢٣٤٥٦٧٨٩', '415\t555'];

describe('the phone rule', () => {
  it('takes digits, spaces and - + \\ ( ) with at least one digit, and nothing else', () => {
    for (const phone of good) expect(isPhoneText(phone.trim()), phone).toBe(true);
    for (const phone of bad) expect(isPhoneText(phone), phone).toBe(false);
  });

  it('refuses a lead’s phone and company phone on add and update with its message; empty clears', () => {
    for (const phone of bad) {
      const added = leadAddRequest.safeParse({ name: 'Ann', phone });
      expect(added.success, phone).toBe(false);
      expect(added.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['phone', 'Phone may hold digits, spaces and - + \\ ( ) only']]);
      expect(leadAddRequest.safeParse({ name: 'Ann', companyPhone: phone }).success, phone).toBe(false);
      expect(leadUpdateRequest.safeParse({ id: 'l1', editTime: 1, phone }).success, phone).toBe(false);
    }
    for (const phone of good) expect(leadAddRequest.safeParse({ name: 'Ann', phone, companyPhone: phone }).success, phone).toBe(true);
    expect(leadAddRequest.parse({ name: 'Ann', phone: '', companyPhone: null })).toMatchObject({ phone: '', companyPhone: null });
    expect(PHONE_RULE_MESSAGE).toBe('Phone may hold digits, spaces and - + \\ ( ) only');
  });

  it('is the import’s rule too: the same phones are refused as phoneInvalid', () => {
    for (const phone of bad) expect(rowErrors(['Ann', phone], { name: 0, phone: 1 }), phone).toEqual(['phoneInvalid']);
    for (const phone of good) expect(rowErrors(['Ann', phone], { name: 0, phone: 1 }), phone).toEqual([]);
  });
});
