// Cloudflare Access tokens checked against the team's keys (src/platform/cloudflare-access/
// access-token.ts), the team played by test/fixtures/fake-access.ts: the keys are read once and
// kept, a rotation is followed, a stream of unknown key ids costs at most one read a minute, and
// an Access outage neither opens the door nor closes it on keys already held.
import { expect, test } from 'vitest';
import { KEYS_LIFETIME_SECONDS, UNKNOWN_KEY_RETRY_SECONDS, verifyAccessToken } from '#src/platform/cloudflare-access/access-token';
import { createFakeAccess, type FakeAccess } from '../../../fixtures/fake-access';

let teams = 0;
/** A team of its own per test: the key cache is per certs address and lives as long as the module. */
async function team(): Promise<FakeAccess> {
  return createFakeAccess({ team: `team-${++teams}-${crypto.randomUUID().slice(0, 8)}` });
}

const T0 = 1_800_000_000;
const check = (access: FakeAccess, token: string | null, now: number) => verifyAccessToken(token, access, { fetch: access.fetch, now });

test('a valid token passes with its e-mail address; the keys are read once and kept for their lifetime, then read again', async () => {
  const access = await team();
  expect(await check(access, await access.token(), T0)).toEqual({ ok: true, email: 'press.officer@northwind.example', name: null });
  expect(await check(access, await access.token({ email: 'other@northwind.example' }), T0 + KEYS_LIFETIME_SECONDS - 1)).toEqual({ ok: true, email: 'other@northwind.example', name: null });
  // A name the identity provider passes on (a `name` claim) names the person, e.g. as a commit's author.
  expect(await check(access, await access.token({ name: '  Pat Press ' }), T0 + KEYS_LIFETIME_SECONDS - 1)).toEqual({ ok: true, email: 'press.officer@northwind.example', name: 'Pat Press' });
  expect(access.requests).toEqual([access.certsUrl]);
  await check(access, await access.token(), T0 + KEYS_LIFETIME_SECONDS);
  expect(access.requests).toEqual([access.certsUrl, access.certsUrl]);
});

test('after Access rotates its key, a token signed with the new one makes the worker read the keys again, and the previous key still works', async () => {
  const access = await team();
  const before = await access.token();
  expect((await check(access, before, T0)).ok).toBe(true);
  await access.rotate();
  expect(await check(access, await access.token(), T0 + UNKNOWN_KEY_RETRY_SECONDS)).toMatchObject({ ok: true });
  expect(await check(access, before, T0 + UNKNOWN_KEY_RETRY_SECONDS + 1)).toMatchObject({ ok: true });
  expect(access.requests).toHaveLength(2);
});

test('tokens naming keys the team does not have are refused, with at most one read of the keys a minute', async () => {
  const access = await team();
  expect((await check(access, await access.token(), T0)).ok).toBe(true);
  for (let n = 0; n < 5; n++) expect(await check(access, await access.token({}, { kid: `unknown-${n}` }), T0 + 1 + n)).toEqual({ ok: false, refusal: 'unknown_key' });
  expect(access.requests).toHaveLength(1);
  expect(await check(access, await access.token({}, { kid: 'unknown-later' }), T0 + UNKNOWN_KEY_RETRY_SECONDS)).toEqual({ ok: false, refusal: 'unknown_key' });
  expect(access.requests).toHaveLength(2);
});

test('when the keys cannot be read: keys_unavailable with none held, the held ones past their lifetime otherwise; the endpoint is tried again a minute later, not on every request', async () => {
  const access = await team();
  access.down = true;
  expect(await check(access, await access.token(), T0)).toEqual({ ok: false, refusal: 'keys_unavailable' });
  expect(await check(access, await access.token(), T0 + UNKNOWN_KEY_RETRY_SECONDS - 1)).toEqual({ ok: false, refusal: 'keys_unavailable' });
  expect(access.requests).toHaveLength(1);
  access.down = false;
  const back = T0 + UNKNOWN_KEY_RETRY_SECONDS;
  expect((await check(access, await access.token(), back)).ok).toBe(true);
  access.down = true;
  const stale = back + KEYS_LIFETIME_SECONDS;
  expect((await check(access, await access.token(), stale)).ok).toBe(true);
  expect((await check(access, await access.token(), stale + 1)).ok).toBe(true);
  expect(access.requests).toHaveLength(3);
});

test('an answer that is not a JWKS gives no keys', async () => {
  const access = await team();
  const notJwks = async () => Response.json({ public_cert: { kid: access.kid, cert: '-----BEGIN CERTIFICATE-----' } });
  expect(await verifyAccessToken(await access.token(), access, { fetch: notJwks, now: T0 })).toEqual({ ok: false, refusal: 'keys_unavailable' });
});

test.each([
  { name: 'no token', token: null, refusal: 'no_token' },
  { name: 'an empty one', token: '', refusal: 'no_token' },
  { name: 'two parts', token: 'abc.def', refusal: 'malformed' },
  { name: 'a header that is not JSON', token: 'bm90IGpzb24.e30.c2ln', refusal: 'malformed' },
  { name: 'an over-long one', token: `${'a'.repeat(9000)}.b.c`, refusal: 'malformed' },
])('$name is refused as $refusal', async ({ token, refusal }) => {
  const access = await team();
  expect(await check(access, token, T0)).toMatchObject({ ok: false, refusal });
  // Nothing was fetched for a token that could not be one.
  expect(access.requests).toEqual([]);
});
