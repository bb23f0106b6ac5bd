// The press office view's media list model (src/admin/press/media-list-model.ts) over in-memory
// stores: what a posted form becomes (the CLI's rules through the press desk, each field at fault
// named), what reaches the store, the filter, and the notices a query may name (nothing else).
import { expect, test } from 'vitest';
import type { JournalistRecord } from '#src/domain/press-desk-ports';
import type { PressOfficeStore } from '#src/domain/press-office-ports';
import {
  deleteJournalist,
  loadMediaList,
  mediaListNoticeFromQuery,
  mediaListNoticeQuery,
  removeFromList,
  saveJournalist,
  type MediaListNotice,
} from '#src/admin/press/media-list-model';
import { memoryDesk } from '../press-desk/memory-desk';

/** The page's read (one batch in D1) over the same journalists. */
function officeOf(journalists: JournalistRecord[]): PressOfficeStore {
  return {
    snapshot: async () => null,
    async mediaList(list) {
      const names = [...new Set(journalists.flatMap((row) => row.lists))].sort();
      return { journalists: journalists.filter((row) => list === null || row.lists.includes(list)), lists: names.map((name) => ({ name, members: journalists.filter((row) => row.lists.includes(name)).length })) };
    },
  };
}

const CLAIRE: JournalistRecord = { email: 'claire@lemonde.example', name: 'Claire Martin', outlet: 'Le Monde', language: 'fr', timeZone: null, lists: ['Energy desks'] };

test('a journalist posted is checked with the CLI’s rules and saved with their lists, named once each', async () => {
  const desk = memoryDesk({ journalists: [CLAIRE] });
  const notice = await saveJournalist(desk, { email: ' Claire@LeMonde.EXAMPLE', name: ' Claire Martin ', outlet: '', language: 'FR', timeZone: 'Europe/Paris', lists: 'Energy desks;  Paris   desk ; Energy desks;' }, 100);
  expect(notice).toEqual({ kind: 'updated', lists: 2 });
  expect(desk.changes).toEqual([['saveJournalists', [{ journalist: { email: CLAIRE.email, name: 'Claire Martin', outlet: '', language: 'fr', timeZone: 'Europe/Paris' }, lists: ['Energy desks', 'Paris desk'] }], 100]]);
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
  const desk = memoryDesk();
  expect(await saveJournalist(desk, form, 100)).toEqual({ kind: 'invalid', faults: faults.map(([field, reason]) => ({ field, reason })) });
  expect(desk.changes).toEqual([]);
});

test('taking off a list and deleting need a valid address (and a list), which reach the store canonical', async () => {
  const desk = memoryDesk({ journalists: [CLAIRE], unsentMail: { [CLAIRE.email]: 2 } });
  expect(await removeFromList(desk, { email: 'Claire@LeMonde.example', list: ' Energy desks ' })).toEqual({ kind: 'taken-off' });
  expect(await removeFromList(desk, { email: 'Claire@LeMonde.example', list: 'Energy desks' })).toEqual({ kind: 'not-on-list' });
  expect(await removeFromList(desk, { email: CLAIRE.email, list: 'Sports' })).toEqual({ kind: 'unknown-list' });
  expect(await removeFromList(desk, { email: CLAIRE.email })).toEqual({ kind: 'bad-request' });
  expect(await removeFromList(desk, { email: 'nope', list: 'Energy desks' })).toEqual({ kind: 'bad-request' });
  expect(await deleteJournalist(desk, { email: CLAIRE.email })).toEqual({ kind: 'deleted', mails: 2 });
  expect(await deleteJournalist(desk, { email: 'other@example.com' })).toEqual({ kind: 'unknown-journalist' });
  expect(await deleteJournalist(desk, {})).toEqual({ kind: 'bad-request' });
  expect(desk.changes).toEqual([
    ['removeFromList', CLAIRE.email, 'Energy desks'],
    ['deleteJournalist', CLAIRE.email],
  ]);
});

test.each([
  [undefined, null, false, 1],
  ['Energy desks', 'Energy desks', false, 1],
  ['No such list', 'No such list', true, 0],
  ['/not a name', '/not a name', true, 0],
])('the filter %j shows %j (unknown: %j), %i journalist(s)', async (list, filter, unknownFilter, shown) => {
  const model = await loadMediaList(officeOf([CLAIRE]), { signedInAs: null, notice: null, list });
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
