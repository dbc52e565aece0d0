/**
 * Fill-in variables of quick replies and auto replies (SPEC §3 Auto reply dynamic variables: the
 * contact's first name as on their account, the name saved on the phone, the group's name).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillVariables, usedVariables, VARIABLES, variableValue } from '../../src/contract/variables';

describe('the variables', () => {
  it('are the three of SPEC §3, in the order the insert buttons show them', () => {
    expect(VARIABLES).toEqual([
      { key: 'firstName', token: '{firstName}' },
      { key: 'savedName', token: '{savedName}' },
      { key: 'groupName', token: '{groupName}' },
    ]);
  });
});

describe('fillVariables', () => {
  const values = { firstName: 'Amira', savedName: 'Amira (shop)', groupName: 'Wholesale buyers' };

  it('fills every token, each time it appears', () => {
    expect(fillVariables('Hi {firstName}! {savedName} / {groupName} / {firstName}', values)).toBe(
      'Hi Amira! Amira (shop) / Wholesale buyers / Amira',
    );
  });

  it('fills in Chinese and Arabic text and values alike', () => {
    expect(fillVariables('{firstName}，您好', { firstName: '李雷' })).toBe('李雷，您好');
    expect(fillVariables('مرحبا {firstName}', { firstName: 'أمين' })).toBe('مرحبا أمين');
  });

  it('a missing name takes the other name of the contact; a missing group name is empty', () => {
    expect(fillVariables('Hi {firstName}', { savedName: 'Bob from the fair' })).toBe('Hi Bob from the fair');
    expect(fillVariables('Hi {savedName}', { firstName: 'Bob' })).toBe('Hi Bob');
    expect(fillVariables('Hi {firstName}', { firstName: '   ', savedName: 'Bob' })).toBe('Hi Bob');
    expect(fillVariables('In {groupName}:', { firstName: 'Bob' })).toBe('In :');
    expect(fillVariables('Hi {firstName}{savedName}', {})).toBe('Hi ');
    expect(variableValue('groupName', { groupName: null })).toBe('');
  });

  it('leaves unknown tokens and near misses as written', () => {
    expect(fillVariables('{name} {FirstName} { firstName } {firstName', values)).toBe('{name} {FirstName} { firstName } {firstName');
  });

  it('never evaluates anything: replacement patterns, script and template syntax in values stay plain text', () => {
    const hostile = { firstName: "$& $1 $` $' ${1+1} <script>alert(1)</script>", savedName: '{groupName}', groupName: '\u202eevil' };
    expect(fillVariables('[{firstName}] [{savedName}] [{groupName}]', hostile)).toBe(
      "[$& $1 $` $' ${1+1} <script>alert(1)</script>] [{groupName}] [\u202eevil]",
    );
  });

  it('a text without tokens comes back unchanged, whatever the values', () => {
    fc.assert(
      fc.property(fc.string().filter((s) => !/\{(firstName|savedName|groupName)\}/.test(s)), fc.string(), (text, value) => {
        expect(fillVariables(text, { firstName: value, savedName: value, groupName: value })).toBe(text);
      }),
    );
  });

  it('each token is replaced by its value once, never read again (a value that looks like a token stays)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('{firstName}', '{groupName}', 'x', ' ', '{', '}'), { maxLength: 12 }), fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s !== ''), (parts, value) => {
        const text = parts.join('');
        const filled = fillVariables(text, { firstName: value, groupName: '{firstName}' });
        const expected = parts.map((p) => (p === '{firstName}' ? value : p === '{groupName}' ? '{firstName}' : p)).join('');
        // No single-character part holds a variable's name, so tokens are exactly the token parts.
        expect(filled).toBe(expected);
      }),
    );
  });
});

describe('usedVariables', () => {
  it('lists the variables a text uses, once each, in the order of VARIABLES', () => {
    expect(usedVariables('{groupName} {firstName} {groupName}')).toEqual(['firstName', 'groupName']);
    expect(usedVariables('no tokens {name}')).toEqual([]);
  });
});
