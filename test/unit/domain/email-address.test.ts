// What the portal's forms accept as an address, and the mailbox its quota counts
// (src/domain/email-address.ts).
import { expect, test } from 'vitest';
import { asciiDomain, canonicalMailbox, MAX_ADDRESS_LENGTH, MAX_LOCAL_PART_LENGTH, parseEmailAddress } from '#src/domain/email-address';

const label63 = 'd'.repeat(63);
/** A domain of exactly `length` characters: 63-character labels, then a shorter one and `.com`. */
function domainOf(length: number): string {
  const labels: string[] = [];
  let left = length - '.com'.length;
  while (left > 64) {
    labels.push(label63);
    left -= 64;
  }
  labels.push('e'.repeat(left));
  return `${labels.join('.')}.com`;
}

test.each([
  // Plain addresses, as stored: local part and domain lower-cased.
  ['press@example.org', 'press@example.org'],
  ['  press@example.org\t', 'press@example.org'],
  ['Press.Office@Example.ORG', 'press.office@example.org'],
  ['first.last+news@sub.example.co.uk', 'first.last+news@sub.example.co.uk'],
  ["o'neil@example.ie", "o'neil@example.ie"],
  ['a!#$%&*/=?^_`{|}~-@example.org', 'a!#$%&*/=?^_`{|}~-@example.org'],
  ['x@a-b.example', 'x@a-b.example'],
  ['x@123.example', 'x@123.example'],
  // Internationalised domains: mapped to their ASCII (punycode) form, case and width folded.
  ['victim@exämple.com', 'victim@xn--exmple-cua.com'],
  ['victim@EXÄMPLE.com', 'victim@xn--exmple-cua.com'],
  ['victim@xn--exmple-cua.com', 'victim@xn--exmple-cua.com'],
  ['victim@XN--EXMPLE-CUA.COM', 'victim@xn--exmple-cua.com'],
  ['victim@ｅｘａｍｐｌｅ.com', 'victim@example.com'],
  ['victim@example。com', 'victim@example.com'],
  ['info@例え.テスト', 'info@xn--r8jz45g.xn--zckzah'],
  ['info@bücher.de', 'info@xn--bcher-kva.de'],
  // The limits, just inside: 64 characters of local part, 254 in all.
  [`${'l'.repeat(MAX_LOCAL_PART_LENGTH)}@example.org`, `${'l'.repeat(MAX_LOCAL_PART_LENGTH)}@example.org`],
  [`ab@${domainOf(MAX_ADDRESS_LENGTH - 3)}`, `ab@${domainOf(MAX_ADDRESS_LENGTH - 3)}`],
  [`x@${label63}.com`, `x@${label63}.com`],
])('%j is the plain address %j', (input, address) => {
  expect(parseEmailAddress(input)?.address).toBe(address);
});

test.each([
  // Not an address at all.
  [''],
  ['   '],
  ['not-an-email'],
  ['@example.org'],
  ['press@'],
  ['press@example'],
  ['a@b'],
  // More than one plain mailbox, or header syntax: display names, brackets, quotes, comments, lists.
  ['x<victim@example.com>'],
  ['<victim@example.com>'],
  ['Victim <victim@example.com>'],
  ['"victim"@example.com'],
  ['"vic tim"@example.com'],
  ['victim(comment)@example.com'],
  ['victim@example.com(comment)'],
  ['victim@example.com,'],
  ['victim@example.com, other@example.com'],
  ['victim@example.com;other@example.com'],
  ['victim@example.com\r\nBcc: other@example.com'],
  ['victim@example.com\nother'],
  ['a@b@example.com'],
  ['vic\\tim@example.com'],
  // Whitespace inside.
  ['a b@example.com'],
  ['ab@exam ple.com'],
  ['ab@example .com'],
  ['ab@\u00a0example.com'],
  // Dots at either end of the local part, or doubled.
  ['.victim@example.com'],
  ['victim.@example.com'],
  ['vic..tim@example.com'],
  // Dots at either end of the domain, or doubled; hyphens at a label's ends; not LDH.
  ['victim@.example.com'],
  ['victim@example.com.'],
  ['victim@example..com'],
  ['victim@-example.com'],
  ['victim@example-.com'],
  ['victim@ex_ample.com'],
  ['victim@example.c0m1'],
  ['victim@example.123'],
  // IP literals and what a URL parser would read as an address, a port, a path or a user.
  ['victim@[127.0.0.1]'],
  ['victim@[IPv6:::1]'],
  ['victim@127.0.0.1'],
  ['victim@0x7f.1'],
  ['victim@example.com:25'],
  ['victim@example.com/path'],
  ['victim@example.com?x'],
  ['victim@example.com#x'],
  ['victim@ex%61mple.com'],
  // Invisible characters, and punycode that decodes to nothing valid.
  ['victim@exa\u200dmple.com'],
  ['victim@exa\u00admple.com'],
  ['victim@xn--a.com'],
  // Non-ASCII local parts (a browser's email field refuses them too).
  ['ünï@example.org'],
  // The limits, just outside: 65 characters of local part, 255 in all, a 64-character label.
  [`${'l'.repeat(MAX_LOCAL_PART_LENGTH + 1)}@example.org`],
  [`abc@${domainOf(MAX_ADDRESS_LENGTH - 3)}`],
  [`x@${label63}d.com`],
])('%j is refused', (input) => {
  expect(parseEmailAddress(input)).toBeNull();
});

test('the length limit is counted on the ASCII form an internationalised domain maps to', () => {
  // 3 + 245 characters as typed, but each "ü" label grows by its punycode prefix and suffix.
  const typed = `abc@${'ü'.repeat(40)}.${domainOf(MAX_ADDRESS_LENGTH - 4 - 41)}`;
  expect(typed.length).toBeLessThanOrEqual(MAX_ADDRESS_LENGTH);
  expect(parseEmailAddress(typed)).toBeNull();
});

test.each([
  ['exämple.com', 'xn--exmple-cua.com'],
  ['Example.COM', 'example.com'],
  ['localhost', null],
  ['192.168.0.1', null],
  ['', null],
])('the domain %j is %j in ASCII', (domain, ascii) => {
  expect(asciiDomain(domain)).toBe(ascii);
});

test.each([
  // Every spelling of one mailbox counts as that mailbox.
  ['victim@example.com', 'victim@example.com'],
  ['Victim@EXAMPLE.com', 'victim@example.com'],
  ['victim+news@example.com', 'victim@example.com'],
  ['victim+a+b@example.com', 'victim@example.com'],
  ['victim@exämple.com', 'victim@xn--exmple-cua.com'],
  ['victim@xn--exmple-cua.com', 'victim@xn--exmple-cua.com'],
  ['j.doe@gmail.com', 'jdoe@gmail.com'],
  ['J.Doe+x@GoogleMail.com', 'jdoe@gmail.com'],
  ['j.doe@example.org', 'j.doe@example.org'],
  ['+tag@example.org', '+tag@example.org'],
])('%s counts against the mailbox %s', (email, mailbox) => {
  expect(canonicalMailbox(parseEmailAddress(email)!)).toBe(mailbox);
});
