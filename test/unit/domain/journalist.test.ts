import { expect, test } from 'vitest';
import { isTimeZone, parseJournalist, parseListName } from '#src/domain/journalist';

const LANGUAGES = ['en', 'fr', 'nl', 'ar'];
const parse = (input: Parameters<typeof parseJournalist>[0]) => parseJournalist(input, LANGUAGES, 'en');

test('a journalist typed with spaces and capitals is kept canonical, the language defaulting to the newsroom’s', () => {
  expect(parse({ email: '  Anna.Jansen@Volkskrant.NL ', name: ' Anna Jansen ', outlet: 'de Volkskrant' })).toEqual({
    ok: true,
    journalist: { email: 'anna.jansen@volkskrant.nl', name: 'Anna Jansen', outlet: 'de Volkskrant', language: 'en', timeZone: null },
  });
});

test.each([
  ['no address', { name: 'A' }, [['email', 'This field is required']]],
  ['an address that is two', { email: 'a@b.example, c@d.example', name: 'A' }, [['email', 'Introduce a valid email address']]],
  ['no name', { email: 'a@b.example' }, [['name', 'This field is required']]],
  ['a name over two lines', { email: 'a@b.example', name: 'A\nBcc: x@y.example' }, [['name', 'at most 200 characters, on one line']]],
  ['a language the newsroom does not know', { email: 'a@b.example', name: 'A', language: 'xx' }, [['language', '"xx" is not a language code the newsroom knows (such as en, fr, nl)']]],
  ['a time zone that is not one', { email: 'a@b.example', name: 'A', timeZone: 'Paris' }, [['timeZone', '"Paris" is not a time zone (write one such as Europe/Paris or America/New_York)']]],
  ['everything wrong at once', { email: 'nope', language: 'zz', timeZone: 'Mars/Olympus' }, [['email'], ['name'], ['language'], ['timeZone']]],
] as const)('%s is refused, field by field', (_case, input, expected) => {
  const result = parse(input);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.problems.map((problem) => [problem.field, problem.message].slice(0, expected[0]!.length))).toEqual(expected.map((row) => [...row]));
});

test.each([
  ['Europe/Paris', true],
  ['America/New_York', true],
  ['UTC', true],
  ['', false],
  ['Europe/Atlantis', false],
  ['../../etc/passwd', false],
])('isTimeZone(%j) is %s', (zone, expected) => {
  expect(isTimeZone(zone)).toBe(expected);
});

test.each([
  ['Energy desks', 'Energy desks'],
  ['  Trade   press ', 'Trade press'],
  ['Financial-press_NL.2027', 'Financial-press_NL.2027'],
  ['Presse française', 'Presse française'],
  ['', null],
  ['-leading dash', null],
  ['a;b', null],
  ['x'.repeat(81), null],
])('a list named %j is %j', (value, expected) => {
  expect(parseListName(value)).toBe(expected);
});
