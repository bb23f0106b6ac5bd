import { expect, test } from 'vitest';
import { FORM_MESSAGES, readSubscriberEmail, validateSubscriberEmail } from '#src/domain/subscriber';

test.each([
  [undefined, FORM_MESSAGES.required],
  ['', FORM_MESSAGES.required],
  ['   ', FORM_MESSAGES.required],
  ['not-an-email', FORM_MESSAGES.invalidEmail],
  ['a@b', FORM_MESSAGES.invalidEmail],
  ['a b@c.de', FORM_MESSAGES.invalidEmail],
  ['x<victim@example.com>', FORM_MESSAGES.invalidEmail],
  ['"victim"@example.com', FORM_MESSAGES.invalidEmail],
  ['victim@example.com,', FORM_MESSAGES.invalidEmail],
  [`${'a'.repeat(250)}@b.cd`, FORM_MESSAGES.invalidEmail],
  ['press@example.org', null],
  [' press@example.org ', null],
  ['press@exämple.org', null],
])('email %j → %s', (input, expected) => {
  expect(validateSubscriberEmail(input)).toBe(expected);
});

test('a valid field reads as the plain address the newsroom stores', () => {
  expect(readSubscriberEmail(' Victim@EXÄMPLE.com ')).toEqual({ ok: true, email: { local: 'victim', domain: 'xn--exmple-cua.com', address: 'victim@xn--exmple-cua.com' } });
});
