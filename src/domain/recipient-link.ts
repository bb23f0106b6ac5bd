/**
 * A secret link per recipient (docs/decisions/0043-media-list-and-recipient-links.md): the token
 * of a story's link (./story-link.ts) with an `r` in front, as random and checked the same way;
 * its shape alone tells `/s/{token}` to ask the recipients' links (a story token is 43
 * characters, a gallery's starts with `g`).
 *
 * Who opened it is counted, not stored: each opening sets one bit of a small sketch, chosen by a
 * hash of the user agent, and the number of distinct agents is estimated from the bits set
 * (linear counting). No agent, address or time of a single opening is kept.
 */
import { hashLinkToken, newLinkToken } from './story-link';

const RECIPIENT_TOKEN_PATTERN = /^r[A-Za-z0-9_-]{43}$/;

/** Bits in the user-agent sketch: kept below 2^53 so it reads back exactly as a JavaScript number. */
export const AGENT_SKETCH_BITS = 52;

export async function newRecipientLink(): Promise<{ token: string; tokenHash: string }> {
  const token = `r${newLinkToken()}`;
  return { token, tokenHash: await hashLinkToken(token) };
}

/** Cheap shape check before any lookup: junk, story and gallery tokens never reach the recipients' table. */
export function isWellFormedRecipientLinkToken(value: string): boolean {
  return RECIPIENT_TOKEN_PATTERN.test(value);
}

/** The sketch bit (0 to AGENT_SKETCH_BITS - 1) of a user agent; an absent one is an agent too. */
export async function agentBit(userAgent: string | null | undefined): Promise<number> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userAgent ?? '')));
  return ((digest[0]! << 8) | digest[1]!) % AGENT_SKETCH_BITS;
}

/** How many distinct agents a sketch stands for (linear counting); exact for one, close for a few. */
export function estimateDistinctAgents(bits: number): number {
  let set = 0;
  for (let value = BigInt(bits); value > 0n; value >>= 1n) set += Number(value & 1n);
  if (set === 0) return 0;
  const empty = AGENT_SKETCH_BITS - set;
  // All bits set: at least as many agents as bits, likely more.
  if (empty === 0) return AGENT_SKETCH_BITS;
  return Math.max(set, Math.round(-AGENT_SKETCH_BITS * Math.log(empty / AGENT_SKETCH_BITS)));
}
