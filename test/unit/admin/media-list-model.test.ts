// The press office view's media list model (src/admin/press/media-list-model.ts) over an in-memory
// store: what a posted form becomes (the CLI's rules, each field at fault named), what reaches the
// store, the filter, and the notices a query may name (nothing else).
import { expect, test } from 'vitest';
import type { Journalist } from '#src/domain/journalist';
import type { ListRemoval, MediaListOfficeStore, OfficeJournalistRow } from '#src/domain/press-office-ports';
import {
  deleteJournalist,
  loadMediaList,
  mediaListNoticeFromQuery,
  mediaListNoticeQuery,
  removeFromList,
  saveJournalist,
  type MediaListNotice,
} from '#src/admin/press/media-list-model';

function memoryStore(journalists: OfficeJournalistRow[] = []) {
  const calls: unknown[] = [];
  const store: MediaListOfficeStore = {
    async journalists(list) {
      calls.push(['journalists', list]);
      const names = [...new Set(journalists.flatMap((row) => row.lists))].sort();
      return { journalists: journalists.filter((row) => list === null || row.lists.includes(list)), lists: names.map((name) => ({ name, members: journalists.filter((row) => row.lists.includes(name)).length })) };
    },
    async saveJournalist(journalist: Journalist, lists, now) {
      calls.push(['save', journalist, lists, now]);
      return journalists.some((row) => row.email === journalist.email) ? 'updated' : 'added';
    },
    async removeFromList(email, list): Promise<ListRemoval> {
      calls.push(['remove', email, list]);
      return 'taken-off';
    },
    async deleteJournalist(email) {
      calls.push(['delete', email]);
      return journalists.some((row) => row.email === email) ? { mails: 2 } : null;
    },
  };
  return { store, calls };
}

const CLAIRE: OfficeJournalistRow = { email: 'claire@lemonde.example', name: 'Claire Martin', outlet: 'Le Monde', language: 'fr', timeZone: null, lists: ['Energy desks'] };

test('a journalist posted is checked with the CLI’s rules and saved with their lists, named once each', async () => {
  const { store, calls } = memoryStore([CLAIRE]);
  const notice = await saveJournalist(store, { email: ' Claire@LeMonde.EXAMPLE', name: ' Claire Martin ', outlet: '', language: 'FR', timeZone: 'Europe/Paris', lists: 'Energy desks;  Paris   desk ; Energy desks;' }, 100);
  expect(notice).toEqual({ kind: 'updated', lists: 2 });
  expect(calls).toEqual([['save', { email: CLAIRE.email, name: 'Claire Martin', outlet: '', language: 'fr', timeZone: 'Europe/Paris' }, ['Energy desks', 'Paris desk'], 100]]);
});

test.each([
  [{}, [['email', 'required'], ['name', 'required']]],
  [{ email: 'not an address', name: 'A' }, [['email', 'invalid']]],
  [{ email: 'a@example.com', name: '   ' }, [['name', 'required']]],
  [{ email: 'a@example.com', name: 'A', outlet: 'two\nlines' }, [['outlet', 'invalid']]],
  [{ email: 'a@example.com', name: 'A', language: 'klingon' }, [['language', 'invalid']]],
  [{ email: 'a@example.com', name: 'A', timeZone: 'Mars/Olympus' }, [['timeZone', 'invalid']]],
  [{ email: 'a@example.com', name: 'A', lists: 'ok; /bad' }, [['lists', 'invalid']]],
  [{ email: ['a@example.com'], name: 'A' }, [['email', 'required']]],
])('%j changes nothing and names %j', async (form, faults) => {
  const { store, calls } = memoryStore();
  expect(await saveJournalist(store, form, 100)).toEqual({ kind: 'invalid', faults: faults.map(([field, reason]) => ({ field, reason })) });
  expect(calls).toEqual([]);
});

test('taking off a list and deleting need a valid address (and a list), which reach the store canonical', async () => {
  const { store, calls } = memoryStore([CLAIRE]);
  expect(await removeFromList(store, { email: 'Claire@LeMonde.example', list: ' Energy desks ' })).toEqual({ kind: 'taken-off' });
  expect(await removeFromList(store, { email: CLAIRE.email })).toEqual({ kind: 'bad-request' });
  expect(await removeFromList(store, { email: 'nope', list: 'Energy desks' })).toEqual({ kind: 'bad-request' });
  expect(await deleteJournalist(store, { email: CLAIRE.email })).toEqual({ kind: 'deleted', mails: 2 });
  expect(await deleteJournalist(store, { email: 'other@example.com' })).toEqual({ kind: 'unknown-journalist' });
  expect(await deleteJournalist(store, {})).toEqual({ kind: 'bad-request' });
  expect(calls).toEqual([
    ['remove', CLAIRE.email, 'Energy desks'],
    ['delete', CLAIRE.email],
    ['delete', 'other@example.com'],
  ]);
});

test.each([
  [undefined, null, false, 1],
  ['Energy desks', 'Energy desks', false, 1],
  ['No such list', 'No such list', true, 0],
  ['/not a name', '/not a name', true, 0],
])('the filter %j shows %j (unknown: %j), %i journalist(s)', async (list, filter, unknownFilter, shown) => {
  const model = await loadMediaList(memoryStore([CLAIRE]).store, { signedInAs: null, notice: null, list });
  expect([model.filter, model.unknownFilter, model.journalists.length]).toEqual([filter, unknownFilter, shown]);
});

test.each([
  [{ notice: 'added', lists: '2' }, { kind: 'added', lists: 2 }],
  [{ notice: 'updated', lists: '0' }, { kind: 'updated', lists: 0 }],
  [{ notice: 'deleted', mails: '1' }, { kind: 'deleted', mails: 1 }],
  [{ notice: 'taken-off' }, { kind: 'taken-off' }],
  [{ notice: 'invalid', fields: 'email-invalid,name-required' }, { kind: 'invalid', faults: [{ field: 'email', reason: 'invalid' }, { field: 'name', reason: 'required' }] }],
  [{ notice: 'invalid', fields: 'email-invalid,anna@example.com' }, { kind: 'invalid', faults: [{ field: 'email', reason: 'invalid' }] }],
  [{ notice: 'invalid', fields: 'password-required' }, null],
  [{ notice: 'added' }, null],
  [{ notice: 'deleted', mails: '-1' }, null],
  [{ notice: 'revoked', links: '1' }, null],
  [{}, null],
])('the query %j is the notice %j', (query, notice) => {
  expect(mediaListNoticeFromQuery(query)).toEqual(notice);
  if (notice) expect(mediaListNoticeFromQuery(Object.fromEntries(new URLSearchParams(mediaListNoticeQuery(notice as MediaListNotice)).entries()))).toEqual(notice);
});
