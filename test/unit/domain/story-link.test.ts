// Secret-link tokens (src/domain/story-link.ts): their shape, their randomness, their hash and
// their comparison.
import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { hashLinkToken, isWellFormedLinkToken, LINK_TOKEN_BYTES, newLinkToken, newStoryLink, tokensEqual } from '#src/domain/story-link';

const GOOD = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_aBcDe';

test('a token is 43 base64url characters carrying 256 random bits', () => {
  expect(LINK_TOKEN_BYTES).toBe(32);
  for (let i = 0; i < 50; i++) {
    const token = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedLinkToken(token)).toBe(true);
    // base64url without padding decodes back to exactly 32 bytes.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(token, 'base64url').toString('base64url')).toBe(token);
  }
});

test('1,000 tokens are all different, and use the whole alphabet between them', () => {
  const tokens = Array.from({ length: 1000 }, () => newLinkToken());
  expect(new Set(tokens).size).toBe(1000);
  const characters = new Set(tokens.join(''));
  // 43,000 random characters out of 64 leave none unused (the chance of a miss is negligible).
  expect(characters.size).toBe(64);
  expect(characters.has('-')).toBe(true);
  expect(characters.has('_')).toBe(true);
  expect(characters.has('+')).toBe(false);
  expect(characters.has('/')).toBe(false);
  expect(characters.has('=')).toBe(false);
});

test('a new story link is a fresh token with its SHA-256', async () => {
  const first = await newStoryLink();
  const second = await newStoryLink();
  expect(isWellFormedLinkToken(first.token)).toBe(true);
  expect(first.tokenHash).toBe(createHash('sha256').update(first.token).digest('hex'));
  expect(second.token).not.toBe(first.token);
  expect(second.tokenHash).not.toBe(first.tokenHash);
});

test.each([
  ['a well-formed token', GOOD, true],
  ['a generated-looking token of dashes and underscores', '-'.repeat(21) + '_'.repeat(22), true],
  ['one character too short', GOOD.slice(0, 42), false],
  ['one character too long', `${GOOD}A`, false],
  ['a short word', 'short', false],
  ['empty', '', false],
  ['with a slash', `${GOOD.slice(0, 42)}/`, false],
  ['with a plus (base64, not base64url)', `+${GOOD.slice(1)}`, false],
  ['with padding', `${GOOD.slice(0, 42)}=`, false],
  ['with a dot', `${GOOD.slice(0, 42)}.`, false],
  ['with a space', ` ${GOOD.slice(1)}`, false],
  ['with a percent escape', `%2F${GOOD.slice(3)}`, false],
  ['with a trailing newline', `${GOOD}\n`, false],
  ['with a non-ASCII letter', `é${GOOD.slice(1)}`, false],
  ['a token followed by .json', `${GOOD}.json`, false],
])('%s is well formed: %s', (_case, value, expected) => {
  expect(isWellFormedLinkToken(value)).toBe(expected);
});

test.each([GOOD, '', 'short', 'test-link:11111111-2222-4333-8444-555555555555', 'ünïcödé ✓'])('the hash of %j is its SHA-256 in lower-case hex', async (token) => {
  const hash = await hashLinkToken(token);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(hash).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
});

test('the SHA-256 of the empty string is the well-known value', async () => {
  expect(await hashLinkToken('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});

test.each([
  ['equal tokens', GOOD, GOOD, true],
  ['equal copies built separately', GOOD.slice(0, 20) + GOOD.slice(20), GOOD, true],
  ['different in the first character', `B${GOOD.slice(1)}`, GOOD, false],
  ['different in the last character', `${GOOD.slice(0, 42)}f`, GOOD, false],
  ['different in the middle', `${GOOD.slice(0, 21)}_${GOOD.slice(22)}`, GOOD, false],
  ['a prefix of the other', GOOD.slice(0, 42), GOOD, false],
  ['the other is a prefix of it', GOOD, GOOD.slice(0, 42), false],
  ['longer by a repeat of itself', GOOD + GOOD, GOOD, false],
  ['of different lengths', 'abc', GOOD, false],
  ['empty against a token', '', GOOD, false],
  ['a token against empty', GOOD, '', false],
  ['both empty', '', '', true],
  ['different case', GOOD.toLowerCase(), GOOD, false],
  ['equal non-ASCII strings', 'é✓', 'é✓', true],
  ['different non-ASCII strings of the same length', 'é', 'è', false],
])('%s compare equal: %s', (_case, a, b, expected) => {
  expect(tokensEqual(a, b)).toBe(expected);
});
