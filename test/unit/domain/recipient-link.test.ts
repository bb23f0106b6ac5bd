import { expect, test } from 'vitest';
import { agentBit, AGENT_SKETCH_BITS, estimateDistinctAgents, isWellFormedRecipientLinkToken, newRecipientLink } from '#src/domain/recipient-link';
import { hashLinkToken, isWellFormedLinkToken } from '#src/domain/story-link';
import { isWellFormedGalleryLinkToken } from '#src/domain/gallery-link';

test('a recipient’s token is a story token with r in front, told apart from story and gallery tokens by its shape alone', async () => {
  const link = await newRecipientLink();
  expect(link.token).toMatch(/^r[A-Za-z0-9_-]{43}$/);
  expect(link.tokenHash).toBe(await hashLinkToken(link.token));
  expect([isWellFormedRecipientLinkToken(link.token), isWellFormedLinkToken(link.token), isWellFormedGalleryLinkToken(link.token)]).toEqual([true, false, false]);
  expect(isWellFormedRecipientLinkToken(link.token.slice(1))).toBe(false);
  expect(isWellFormedRecipientLinkToken(`g${link.token.slice(1)}`)).toBe(false);
  expect((await newRecipientLink()).token).not.toBe(link.token);
});

test('an agent’s bit is the same every time and within the sketch, an absent agent included', async () => {
  for (const agent of ['Mozilla/5.0 Chrome/156', 'curl/8.5', '', null, undefined]) {
    const bit = await agentBit(agent);
    expect(bit).toBe(await agentBit(agent));
    expect(bit >= 0 && bit < AGENT_SKETCH_BITS).toBe(true);
  }
});

const withBits = (...bits: number[]) => bits.reduce((sketch, bit) => sketch + 2 ** bit, 0);

test.each([
  ['no opening', withBits(), 0],
  ['one browser', withBits(7), 1],
  ['two', withBits(0, 51), 2],
  ['five', withBits(1, 2, 3, 4, 5), 5],
  ['every bit set: at least as many as bits', 2 ** AGENT_SKETCH_BITS - 1, AGENT_SKETCH_BITS],
])('%s: about %i distinct browsers', (_case, bits, expected) => {
  expect(estimateDistinctAgents(bits)).toBe(expected);
});

test('many browsers are estimated above the bits they set (collisions counted in)', () => {
  const thirty = withBits(...Array.from({ length: 30 }, (_, index) => index));
  expect(estimateDistinctAgents(thirty)).toBeGreaterThan(30);
});
