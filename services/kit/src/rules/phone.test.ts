import { formatPhone } from './phone';
import { formatPhoneInput, phoneField, toE164Phone } from './validation';

describe('phone numbers: E.164 stored, Australian format shown', () => {
  it.each([
    ['0412 345 678', '+61412345678'], ['0412345678', '+61412345678'], ['+61 412 345 678', '+61412345678'], ['412345678', '+61412345678'],
    ['(03) 9876 5432', '+61398765432'], ['02-9876-5432', '+61298765432'],
  ])('%j is stored as %s', (typed, e164) => {
    expect(toE164Phone(typed)).toBe(e164);
    expect(phoneField.parse(typed)).toBe(e164);
  });

  it.each([
    ['+61412345678', '0412 345 678'], ['+61398765432', '(03) 9876 5432'], ['+61298765432', '(02) 9876 5432'],
    // Saved before E.164, without the zero: still shown with it.
    ['412345678', '0412 345 678'], ['0398765432', '(03) 9876 5432'],
  ])('%s is shown as %s', (stored, shown) => expect(formatPhone(stored)).toBe(shown));

  it('shows a number of another country internationally and unreadable text as it is', () => {
    expect(formatPhone('+14155550100')).toBe('+1 415 555 0100');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone('')).toBe('');
  });

  it('stores and shows the same number for whatever form libphonenumber-js reads it in', () => {
    for (const typed of ['0412 345 678', '+61 412 345 678', '(03) 9876 5432', '08 9123 4567', '0299998888']) expect(formatPhone(toE164Phone(typed))).toBe(formatPhone(typed));
  });

  it('refuses what is not an Australian number, as before', () => {
    for (const bad of ['12345', '0012345678', '+1 415 555 0100', 'phone']) expect(phoneField.safeParse(bad).success).toBe(false);
  });

  it('keeps the leading zero while typing, spaces and a leading plus, at most 15 digits', () => {
    expect(formatPhoneInput('0412 345 678')).toBe('0412 345 678');
    expect(formatPhoneInput('0412-345-678')).toBe('0412345678');
    expect(formatPhoneInput('+61 (4) 1234-5678')).toBe('+61 4 12345678');
    expect(formatPhoneInput('1234567890123456789')).toBe('123456789012345');
    expect(formatPhoneInput('  04  12')).toBe('04 12');
  });
});
