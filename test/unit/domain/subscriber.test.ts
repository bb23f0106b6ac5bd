import { expect, test } from 'vitest';
import { canonicalMailbox, FORM_MESSAGES, validateSubscriberEmail } from '#src/domain/subscriber';

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

test.each([
  ['Victim@Example.org', 'victim@example.org'],
  ['victim+news@example.org', 'victim@example.org'],
  ['victim+a+b@example.org', 'victim@example.org'],
  ['j.doe@gmail.com', 'jdoe@gmail.com'],
  ['J.Doe+x@GoogleMail.com', 'jdoe@gmail.com'],
  ['victim@gmail.com.', 'victim@gmail.com'],
  ['victim@example.org..', 'victim@example.org'],
  ['j.doe@example.org', 'j.doe@example.org'],
])('%s is the mailbox %s for the daily quota', (email, mailbox) => {
  expect(canonicalMailbox(email)).toBe(mailbox);
});
