// The media list end to end through `npm run press` (scripts/cli/press.ts) on real local D1: journalists
// added, listed, imported and exported as CSV, taken off a list, deleted for good.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { localD1, runCli, runScript } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-press-'));
const state = join(work, 'state');
const press = (...args: string[]) => runCli('press.ts', args, state);

afterAll(() => rmSync(work, { recursive: true, force: true }));

async function rows(): Promise<{ journalists: number; members: number; lists: number }> {
  const { db } = await localD1(state);
  const count = async (table: string) => (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  return { journalists: await count('journalists'), members: await count('media_list_members'), lists: await count('media_lists') };
}

function csvFile(name: string, text: string): string {
  const path = join(work, name);
  writeFileSync(path, text);
  return path;
}

test('journalists added to lists are listed by list, canonical and with their lists', async () => {
  for (const args of [
    ['add', 'Anna.Jansen@Volkskrant.nl', '--name', 'Anna Jansen', '--outlet', 'de Volkskrant', '--language', 'nl', '--time-zone', 'Europe/Amsterdam', '--list', 'Energy desks', '--list', 'Dutch press'],
    ['add', 'claire@lemonde.example', '--name', 'Claire Dubois', '--outlet', 'Le Monde', '--language', 'fr', '--list', 'Energy desks'],
    ['add', 'omar@gulfnews.example', '--name', 'Omar Haddad', '--language', 'ar', '--time-zone', 'Asia/Dubai'],
  ]) {
    const result = await press(...args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Saved /);
  }
  const energy = await press('list', '--list', 'Energy desks');
  expect(energy.stdout.trim().split('\n')).toEqual([
    'anna.jansen@volkskrant.nl\tAnna Jansen\tde Volkskrant\tnl\tEurope/Amsterdam\tDutch press; Energy desks',
    'claire@lemonde.example\tClaire Dubois\tLe Monde\tfr\t\tEnergy desks',
  ]);
  expect((await press('list')).stdout.trim().split('\n')).toHaveLength(3);
  expect((await press('lists')).stdout).toBe('Dutch press\t1\nEnergy desks\t2\n');
  // Adding again updates the one record, and a list joined twice is joined once.
  expect((await press('add', 'claire@lemonde.example', '--name', 'Claire Dubois', '--outlet', 'Les Échos', '--language', 'fr', '--list', 'Energy desks')).code).toBe(0);
  expect((await press('list', '--list', 'Energy desks')).stdout).toContain('Claire Dubois\tLes Échos');
  expect(await rows()).toEqual({ journalists: 3, members: 3, lists: 2 });
  // Putting someone on one more list keeps what the command does not give.
  expect((await press('add', 'claire@lemonde.example', '--list', 'Dutch press')).code).toBe(0);
  expect((await press('list', '--list', 'Dutch press')).stdout).toContain('claire@lemonde.example\tClaire Dubois\tLes Échos\tfr\t\tDutch press; Energy desks');
  expect((await press('remove', 'claire@lemonde.example', '--list', 'Dutch press')).code).toBe(0);
  // A new journalist needs a name.
  expect((await press('add', 'new@example.org')).stderr).toBe('--name: This field is required\n');
});

test('a wrong field is refused with its message and nothing is written', async () => {
  const before = await rows();
  const result = await press('add', 'not-an-address', '--language', 'xx', '--time-zone', 'Paris');
  expect(result.code).toBe(1);
  expect(result.stderr.split('\n').map((line) => line.split(':')[0])).toEqual(['email', '--name', '--language', '--time-zone', '']);
  expect(result.stderr).toContain('email: Introduce a valid email address\n--name: This field is required\n--language: "xx" is not a language code the newsroom knows (such as ');
  expect(result.stderr).toContain('--time-zone: "Paris" is not a time zone (write one such as Europe/Paris or America/New_York)\n');
  expect((await press('add', 'a@b.example', '--name', 'A', '--list', ';drop')).stderr).toMatch(/cannot be a list's name/);
  expect((await press('list', '--list', 'No such list')).stderr).toMatch(/There is no list "No such list"/);
  expect((await press('lists', '--name', 'x')).stderr).toMatch(/lists does not take --name/);
  expect((await press('publish')).stderr).toMatch(/Unknown command "publish"/);
  expect(await rows()).toEqual(before);
});

test('a CSV file with wrong rows writes nothing and names each line; a good one imports, and export gives it back', async () => {
  const before = await rows();
  const bad = csvFile(
    'bad.csv',
    'email,name,outlet,language,time_zone,lists\nlena@faz.example,Lena Vogt,FAZ,de,Europe/Berlin,German press\nnot-an-address,Someone,,,,\nLENA@faz.example,Lena again,,,,\nyuki@nikkei.example,,Nikkei,ja,Asia/Tokyo,\n',
  );
  const refused = await press('import', bad);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`${bad}:line 3: email: Introduce a valid email address`);
  expect(refused.stderr).toContain(`${bad}:line 4: email: lena@faz.example is on line 2 already`);
  expect(refused.stderr).toContain(`${bad}:line 5: name: This field is required`);
  expect(refused.stderr).toContain('Nothing was written.');
  expect(await rows()).toEqual(before);
  expect((await press('import', csvFile('columns.csv', 'mail,name\nx@y.example,X\n'))).stderr).toMatch(/line 1: the columns are .*unknown: mail; missing: email/);

  const good = csvFile('good.csv', '\uFEFFemail,name,outlet,language,time_zone,lists\nlena@faz.example,Lena Vogt,FAZ,de,Europe/Berlin,German press\n"yuki@nikkei.example","Yuki Tanaka","Nikkei, Tokyo",ja,Asia/Tokyo,\n');
  // A file without a column keeps known journalists' values of it.
  expect((await press('import', csvFile('names.csv', 'email,name\nclaire@lemonde.example,Claire Dubois\n'))).code).toBe(0);
  expect((await press('list')).stdout).toContain('claire@lemonde.example\tClaire Dubois\tLes Échos\tfr');
  const imported = await press('import', good, '--list', 'Energy desks');
  expect(imported.code, imported.stderr).toBe(0);
  expect(imported.stdout).toBe(`Imported 2 journalist(s) from ${good}, on Energy desks.\n`);
  const exported = await press('export', '--list', 'Energy desks');
  expect(exported.stdout).toContain('lena@faz.example,Lena Vogt,FAZ,de,Europe/Berlin,Energy desks;German press');
  expect(exported.stdout).toContain('yuki@nikkei.example,Yuki Tanaka,"Nikkei, Tokyo",ja,Asia/Tokyo,Energy desks');

  // What export writes, import reads: a second newsroom gets the same list.
  const copy = join(work, 'copy-state');
  const again = await runCli('press.ts', ['import', csvFile('export.csv', exported.stdout)], copy);
  expect(again.code, again.stderr).toBe(0);
  expect((await runCli('press.ts', ['export', '--list', 'Energy desks'], copy)).stdout).toBe(exported.stdout);
});

test('remove --list takes one list away; remove deletes the journalist and every membership; delete-list keeps the journalists', async () => {
  expect((await press('remove', 'Anna.Jansen@volkskrant.nl', '--list', 'Dutch press')).stdout).toBe('Took Anna Jansen <anna.jansen@volkskrant.nl> off Dutch press.\n');
  expect((await press('list', '--list', 'Dutch press')).stdout).toBe('');
  expect((await press('remove', 'anna.jansen@volkskrant.nl')).stdout).toBe('Deleted Anna Jansen <anna.jansen@volkskrant.nl> and their list memberships.\n');
  const { db } = await localD1(state);
  expect(await db.prepare("SELECT count(*) AS n FROM journalists WHERE email LIKE 'anna%'").first('n')).toBe(0);
  expect((await press('list')).stdout).not.toContain('anna');
  expect((await press('remove', 'anna.jansen@volkskrant.nl')).stderr).toBe('No journalist with the address anna.jansen@volkskrant.nl. Nothing was changed.\n');

  const journalists = (await rows()).journalists;
  expect((await press('delete-list', 'Energy desks')).code).toBe(0);
  expect((await press('lists')).stdout).not.toContain('Energy desks');
  expect((await rows()).journalists).toBe(journalists);
});

test('as its own process it answers with exit codes and its usage', async () => {
  const usage = await runScript('press.ts', [], state);
  expect(usage.code).toBe(1);
  expect(usage.stderr).toContain('Usage: npm run press -- add <email>');
  const listed = await runScript('press.ts', ['lists'], state);
  expect(listed.code, listed.stderr).toBe(0);
});
