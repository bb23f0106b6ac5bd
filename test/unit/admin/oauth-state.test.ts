// The editor login's state (src/admin/oauth-state.ts): issued, signed, checked, as a table.
import { describe, expect, test } from 'vitest';
import { callbackStateIsGood, checkState, issueState, STATE_LIFETIME_SECONDS, type StateCheck } from '#src/admin/oauth-state';

const SECRET = 'client-secret-of-the-oauth-app';
const ISSUED_AT = 1_790_000_000;
const RANDOM = new Uint8Array(32).fill(7);

describe('checkState', () => {
  const cases: [string, (state: string) => Promise<string> | string, number, StateCheck][] = [
    ['the state as issued, at once', (state) => state, ISSUED_AT, 'valid'],
    ['the state as issued, at the end of its lifetime', (state) => state, ISSUED_AT + STATE_LIFETIME_SECONDS, 'valid'],
    ['the state a second after its lifetime', (state) => state, ISSUED_AT + STATE_LIFETIME_SECONDS + 1, 'expired'],
    ['a state from a clock a little ahead', (state) => state, ISSUED_AT - 30, 'valid'],
    ['a state from far in the future', (state) => state, ISSUED_AT - 3_600, 'expired'],
    ['another issue time under the same signature', (state) => state.replace(`v1.${ISSUED_AT}.`, `v1.${ISSUED_AT + 500}.`), ISSUED_AT + 500, 'forged'],
    ['another random part under the same signature', (state) => state.replace('BwcH', 'CAcH'), ISSUED_AT, 'forged'],
    ['a signature changed in its last character', (state) => state.slice(0, -1) + (state.endsWith('A') ? 'B' : 'A'), ISSUED_AT, 'forged'],
    ['a state signed with another secret', () => issueState('another-secret', ISSUED_AT, RANDOM), ISSUED_AT, 'forged'],
    ['an empty string', () => '', ISSUED_AT, 'malformed'],
    ['another version', (state) => state.replace(/^v1\./, 'v2.'), ISSUED_AT, 'malformed'],
    ['a state without its signature', (state) => state.slice(0, state.lastIndexOf('.')), ISSUED_AT, 'malformed'],
    ['a state with something appended', (state) => `${state}.x`, ISSUED_AT, 'malformed'],
    ['a state with a space in it', (state) => ` ${state}`, ISSUED_AT, 'malformed'],
    ['a random word', () => 'state', ISSUED_AT, 'malformed'],
  ];

  test.each(cases)('%s → %s', async (_name, alter, now, expected) => {
    const state = await alter(await issueState(SECRET, ISSUED_AT, RANDOM));
    expect(await checkState(SECRET, state, now)).toBe(expected);
  });
});

describe('issueState', () => {
  test('names the version, the issue time, 32 random bytes and a SHA-256 MAC, in URL- and cookie-safe characters', async () => {
    const state = await issueState(SECRET, ISSUED_AT + 0.9, RANDOM);
    expect(state).toMatch(new RegExp(`^v1\\.${ISSUED_AT}\\.BwcH[A-Za-z0-9_-]{39}\\.[A-Za-z0-9_-]{43}$`));
    expect(encodeURIComponent(state)).toBe(state);
  });

  test('is the same for the same inputs and differs with the randomness', async () => {
    expect(await issueState(SECRET, ISSUED_AT, RANDOM)).toBe(await issueState(SECRET, ISSUED_AT, RANDOM));
    expect(await issueState(SECRET, ISSUED_AT)).not.toBe(await issueState(SECRET, ISSUED_AT));
  });

  test('refuses randomness of another size', async () => {
    await expect(issueState(SECRET, ISSUED_AT, new Uint8Array(16))).rejects.toThrow('32 random bytes');
  });
});

describe('callbackStateIsGood', () => {
  test.each([
    ['state and cookie equal and valid', 'same', 'same', true],
    ['no state from GitHub', null, 'same', false],
    ['no cookie', 'same', null, false],
    ['a cookie holding another valid state', 'same', 'other', false],
    ['both empty', '', '', false],
  ] as const)('%s → %s', async (_name, fromGitHub, fromCookie, expected) => {
    const states = { same: await issueState(SECRET, ISSUED_AT), other: await issueState(SECRET, ISSUED_AT) };
    const pick = (which: 'same' | 'other' | '' | null) => (which === null ? undefined : which === '' ? '' : states[which]);
    expect(await callbackStateIsGood(SECRET, pick(fromGitHub), pick(fromCookie), ISSUED_AT + 5)).toBe(expected);
  });
});
