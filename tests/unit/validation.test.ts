import { describe, expect, it } from 'vitest';

import { AcceptInvitation } from '../../src/contract/potential-agents.ts';
import { NewPassword } from '../../src/contract/users.ts';
import {
  confirmPasswordError,
  forgotEmailError,
  formatPhone,
  identifierError,
  identifierForPost,
  isEmail,
  isValidPhone,
  isZip,
  loginPasswordError,
  phoneForPost,
} from '../../src/lib/validation.ts';
import { KEY_FILTERS } from '../../src/ui/key-filters.ts';
import { ruleError } from '../../src/widgets/form.ts';

const { numeric: filterNumeric, phone: filterPhone, name: filterName, digits: filterDigits } = KEY_FILTERS;

describe('login identifier', () => {
  it.each([
    ['', 'email', 'Email is required'],
    ['   ', 'email', 'Email is required'],
    ['', 'phone', 'Phone number is required'],
    ['broker@demo', 'email', 'Invalid e-mail.'],
    ['broker.demo.test', 'email', 'Invalid e-mail.'],
    ['  Broker@Demo.Test ', 'email', undefined],
    ['user@[10.0.0.1]', 'email', undefined],
    ['555-010-001', 'phone', 'Invalid phone number.'],
    ['(555) 010-0001', 'phone', undefined],
    ['555.010.0001', 'phone', undefined],
    ['15550100001', 'phone', undefined],
    ['+1 555 010 0001', 'phone', undefined],
    ['abc', 'phone', 'Invalid phone number.'],
    // The optional leading digit is any digit, not only 1 (spec 1 section 5).
    ['25550100001', 'phone', undefined],
    ['9 (555) 010-0001', 'phone', undefined],
    ['+7 555 010 0001', 'phone', undefined],
    ['125550100001', 'phone', 'Invalid phone number.'],
  ] as const)('%j on the %s host gives %j', (value, mode, expected) => {
    expect(identifierError(value, mode)).toBe(expected);
  });

  it('is trimmed and lowercased; a phone is sent as +1 and ten digits', () => {
    expect(identifierForPost('  Broker@Demo.TEST ', 'email')).toBe('broker@demo.test');
    expect(identifierForPost('(555) 010-0001', 'phone')).toBe('+15550100001');
    expect(identifierForPost('1-555-010-0001', 'phone')).toBe('+15550100001');
    expect(identifierForPost('2-555-010-0001', 'phone')).toBe('+15550100001');
  });

  it('requires a password', () => {
    expect(loginPasswordError('   ')).toBe('Password is required');
    expect(loginPasswordError('x')).toBeUndefined();
  });
});

describe('new password', () => {
  it.each([
    ['', 'Password is required'],
    ['abc1', 'Password must be at least 9 characters'],
    ['abcdefgh1', undefined],
    ['abcdefghi', 'Password must contain at least 1 digit'],
    ['12345678', 'Password must be at least 9 characters'],
  ])('%j gives %j', (value, expected) => {
    // The one rule: the contract's NewPassword, which Register, Agent Onboarding and Update Password check and the server sets passwords under.
    expect(ruleError(NewPassword, value)).toBe(expected);
    expect(ruleError(AcceptInvitation.entries.password, value)).toBe(expected);
  });

  it('must be confirmed', () => {
    expect(confirmPasswordError('abcdefgh1', 'abcdefgh2')).toBe('Passwords must match');
    expect(confirmPasswordError('abcdefgh1', 'abcdefgh1')).toBeUndefined();
  });
});

describe('forgot-password email', () => {
  it.each([
    ['', 'Email address is required'],
    ['nope', 'Invalid e-mail.'],
    ['a@b.co', undefined],
    ['a@b.c', 'Invalid e-mail.'],
  ])('%j gives %j', (value, expected) => expect(forgotEmailError(value)).toBe(expected));
});

describe('patterns', () => {
  it.each([
    ['a@b.io', true],
    ['first.last@sub.example.com', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@c.de', false],
  ])('email %j is %s', (value, ok) => expect(isEmail(value)).toBe(ok));
  it.each([
    ['5550100001', true],
    ['(555) 010-0001', true],
    ['+15550100001', true],
    ['15550100001', true],
    ['555010000', false],
    ['+155501000011', false],
  ])('phone %j is %s', (value, ok) => expect(isValidPhone(value)).toBe(ok));
  it('keeps the last ten digits when more are given, posted as +1', () => {
    expect(phoneForPost('44 555 010 0001')).toBe('+15550100001');
  });
  it('masks a phone as (###) ###-####', () => {
    expect(formatPhone('+15550100001')).toBe('(555) 010-0001');
    expect(formatPhone(null)).toBe('');
  });
  it.each([
    ['12345', true],
    ['1234', false],
    ['123456', false],
    ['1234a', false],
  ])('ZIP %j is %s', (v, ok) => expect(isZip(v)).toBe(ok));
});

describe('key filters', () => {
  it('numeric fields allow one decimal point', () => expect(filterNumeric('1a2.3.4')).toBe('12.34'));
  it('phone fields allow one plus', () => expect(filterPhone('++1 (555) x')).toBe('+1 (555) '));
  it('digit codes (ZIP) allow digits only', () => expect(filterDigits('04.1a01')).toBe('04101'));
  it('name fields keep letters, combining marks, spaces, hyphens, apostrophes and periods (docs/spec/DECISIONS.md)', () => {
    expect(filterName("Anne-Marie O'Neil 3")).toBe("Anne-Marie O'Neil ");
    expect(filterName('Mary Ann D’Angelo Jr.')).toBe('Mary Ann D’Angelo Jr.');
    expect(filterName('Jose\u0301 Ñúñez <b>')).toBe('Jose\u0301 Ñúñez b');
    expect(filterName('张伟 محمد')).toBe('张伟 محمد');
  });
  it("the server's name rule and the console's check are one rule", async () => {
    const { personNameError } = await import('../../src/contract/person-name.ts');
    expect(personNameError('First name', "  D'Angelo ")).toBeUndefined();
    expect(personNameError('First name', 'Mary Ann')).toBeUndefined();
    expect(personNameError('First name', '   ')).toBe('First name is required');
    expect(personNameError('First name', "'-.")).toMatch(/letters/);
    expect(personNameError('First name', 'R2D2')).toMatch(/letters/);
    expect(personNameError('First name', 'a'.repeat(255))).toBe('First name must be less than 255 characters');
  });
});
