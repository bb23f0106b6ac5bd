import { expect, test } from 'vitest';
import { FORM_MESSAGES, validateSubscriberEmail } from '#src/domain/subscriber';

test.each([
  [undefined, FORM_MESSAGES.required],
  ['', FORM_MESSAGES.required],
  ['   ', FORM_MESSAGES.required],
  ['not-an-email', FORM_MESSAGES.invalidEmail],
  ['a@b', FORM_MESSAGES.invalidEmail],
  ['a b@c.de', FORM_MESSAGES.invalidEmail],
  [`${'a'.repeat(250)}@b.cd`, FORM_MESSAGES.invalidEmail],
  ['press@example.org', null],
  [' press@example.org ', null],
  ['ünï@exämple.org', null],
])('email %j → %s', (input, expected) => {
  expect(validateSubscriberEmail(input)).toBe(expected);
});
