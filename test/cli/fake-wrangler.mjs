#!/usr/bin/env node
// A stand-in for the wrangler CLI in tests (nothing here can reach Cloudflare): it appends its
// arguments to FAKE_WRANGLER_DIR/calls.jsonl, keeps a pretend account in FAKE_WRANGLER_DIR/account.json,
// and prints what wrangler 4.86 prints for each command (the shapes come from
// node_modules/wrangler/wrangler-dist/cli.js: `d1 list --json` and `kv namespace list` print JSON,
// `queues info` lines or a "does not exist" error, `deploy` writes a "deploy" entry with its
// targets to WRANGLER_OUTPUT_FILE_PATH; `d1 execute --file` keeps the content hash an import
// script writes, which `d1 execute --json` answers after; `secret put NAME` reads the value from
// its standard input, as wrangler does when that is not a terminal, and keeps only its SHA-256,
// so no test file ever holds a secret). FAKE_WRANGLER_FAIL="d1 migrations" makes every command
// starting with those words fail.
//
// `fakeWrangler(args, env, input)` answers in the calling process (no Node start per command) for
// tests that are not about spawning wrangler, `input` standing for its standard input; run as a
// program, it is the executable WRANGLER_BIN names.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomUUID } from 'node:crypto';

class WranglerExit extends Error {
  constructor(status, stderr) {
    super(stderr);
    this.status = status;
    this.stderr = stderr;
  }
}

/**
 * What the stub answers for `args`, as wrangler's exit status and output (`env`: the variables it
 * reads; `input`: its standard input, read only by `secret put`, a function when it is read lazily).
 */
/** The commands recorded in `dir` (FAKE_WRANGLER_DIR), each as one line, without the --config every one carries. */
export function recordedWranglerCalls(dir) {
  const file = join(dir, 'calls.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const args = JSON.parse(line);
      const at = args.indexOf('--config');
      if (at !== -1) args.splice(at, 2);
      return args.join(' ');
    });
}

export function fakeWrangler(args, env = process.env, input = '') {
  const dir = env.FAKE_WRANGLER_DIR;
  if (!dir) return { status: 2, stdout: '', stderr: 'FAKE_WRANGLER_DIR is not set\n' };
  let stdout = '';
  const print = (text) => (stdout += `${text}\n`);
  try {
    answer();
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    if (error instanceof WranglerExit) return { status: error.status, stdout, stderr: error.stderr };
    throw error;
  }

  function answer() {
    appendFileSync(join(dir, 'calls.jsonl'), JSON.stringify(args) + '\n');

    const accountFile = join(dir, 'account.json');
    const account = existsSync(accountFile) ? JSON.parse(readFileSync(accountFile, 'utf8')) : { d1: [], kv: [], queues: [] };
    const save = () => writeFileSync(accountFile, JSON.stringify(account, null, 2));
    const positional = args.filter((arg, i) => !arg.startsWith('--') && !(i > 0 && ['--config', '--env', '--location', '--var', '--message', '--binding', '--command'].includes(args[i - 1])));
    const command = positional.join(' ');
    const option = (name) => {
      const at = args.indexOf(name);
      return at === -1 ? undefined : args[at + 1];
    };

    function fail(message, code = 1) {
      throw new WranglerExit(code, `\n✘ [ERROR] ${message}\n\n`);
    }

    if (env.FAKE_WRANGLER_FAIL && command.startsWith(env.FAKE_WRANGLER_FAIL)) fail(`A request to the Cloudflare API failed (fake: ${env.FAKE_WRANGLER_FAIL}).`);

    const banner = () => print('\n ⛅️ wrangler 4.86.0\n──────────────────────────────────────────────');
    const hex = (length) => randomUUID().replaceAll('-', '').repeat(2).slice(0, length);

    if (command === 'd1 list') {
      if (!args.includes('--json')) fail('fake: d1 list without --json is not supported');
      print(JSON.stringify(account.d1.map((db) => ({ uuid: db.uuid, name: db.name, created_at: '2026-11-23T10:00:00.000Z', version: 'production', num_tables: 0, file_size: 12288 })), null, 2));
    } else if (positional[0] === 'd1' && positional[1] === 'create' && positional[2]) {
      const name = positional[2];
      if (account.d1.some((db) => db.name === name)) fail(`A database with that name already exists [code: 7502]`);
      const db = { uuid: randomUUID(), name, location: option('--location') ?? null };
      account.d1.push(db);
      save();
      banner();
      print(`✅ Successfully created DB '${name}' in region WEUR\nCreated your new D1 database.\n`);
      print(`To access your new D1 Database in your Worker, add the following snippet to your configuration file:\n[[d1_databases]]\nbinding = "${name}"\ndatabase_name = "${name}"\ndatabase_id = "${db.uuid}"`);
    } else if (command === 'kv namespace list') {
      print(JSON.stringify(account.kv.map((ns) => ({ id: ns.id, title: ns.title, supports_url_encoding: true })), null, '  '));
    } else if (positional[0] === 'kv' && positional[1] === 'namespace' && positional[2] === 'create' && positional[3]) {
      const title = positional[3];
      if (account.kv.some((ns) => ns.title === title)) fail(`A KV namespace with the title "${title}" already exists.`);
      const ns = { id: hex(32), title };
      account.kv.push(ns);
      save();
      banner();
      print(`Resource location: remote\n🌀 Creating namespace with title "${title}"\n✨ Success!\nTo access your new KV Namespace in your Worker, add the following snippet to your configuration file:\n[[kv_namespaces]]\nbinding = "${title.replaceAll('-', '_')}"\nid = "${ns.id}"`);
    } else if (positional[0] === 'queues' && positional[1] === 'info' && positional[2]) {
      const queue = account.queues.find((candidate) => candidate.name === positional[2]);
      if (!queue) fail(`Queue "${positional[2]}" does not exist. To create it, run: wrangler queues create ${positional[2]}`);
      banner();
      print(`Queue Name: ${queue.name}\nQueue ID: ${queue.id}\nCreated On: 2026-11-23T10:00:00.000Z\nLast Modified: 2026-11-23T10:00:00.000Z\nNumber of Producers: 0\nNumber of Consumers: 0`);
    } else if (positional[0] === 'queues' && positional[1] === 'create' && positional[2]) {
      if (account.queues.some((candidate) => candidate.name === positional[2])) fail(`A queue with name "${positional[2]}" already exists. [code: 11009]`);
      account.queues.push({ name: positional[2], id: hex(32) });
      save();
      banner();
      print(`🌀 Creating queue '${positional[2]}'\n✅ Created queue '${positional[2]}'`);
    } else if (command === 'd1 migrations apply DB') {
      banner();
      print('Migrations to be applied:\n✅ Applied all migrations (fake).');
    } else if (command === 'd1 execute DB') {
      // The content hash each environment's database holds: the one its last imported script wrote.
      const environment = option('--env') ?? 'production';
      const hashes = (account.contentHashes ??= {});
      if (args.includes('--json')) {
        // The import's reads: retired story uuids (none) and the content hash before it writes, the cache pointers after.
        const sql = option('--command') ?? '';
        const results = sql.includes('retired_stories') ? [] : sql.includes('content_hash') ? (hashes[environment] ? [{ content_hash: hashes[environment] }] : []) : [{ revision: 7, lastWithdrawal: 0 }];
        print(JSON.stringify([{ results, success: true, meta: { served_by: 'fake', duration: 0.1, changes: 0 } }], null, 2));
      } else {
        const file = args.find((arg) => arg.startsWith('--file='))?.slice('--file='.length);
        const written = file && /INSERT INTO content_revision \(id, revision, content_hash, imported_at\) VALUES \(1, 1, '([0-9a-f]+)'/.exec(readFileSync(file, 'utf8'));
        if (written) {
          hashes[environment] = written[1];
          save();
        }
        banner();
        print('🌀 Executing on remote database DB:\n🚣 Executed 1 command (fake).');
      }
    } else if (positional[0] === 'kv' && positional[1] === 'key' && positional[2] === 'put' && positional[4] !== undefined) {
      print(`Writing the value "${positional[4]}" to key "${positional[3]}" on namespace ${option('--binding')} (fake).`);
    } else if (positional[0] === 'secret' && positional[1] === 'put' && positional[2]) {
      // wrangler trims the value's trailing whitespace, then uploads it.
      const value = (typeof input === 'function' ? input() : input).trimEnd();
      if (value === '') fail('fake: secret put got an empty value on its standard input');
      const environment = option('--env') ?? 'production';
      const secrets = (account.secrets ??= {});
      (secrets[environment] ??= {})[positional[2]] = createHash('sha256').update(value).digest('hex');
      save();
      banner();
      const worker = option('--env') ? `edge-newsroom-${option('--env')}` : 'edge-newsroom';
      print(`🌀 Creating the secret for the Worker "${worker}" \n✨ Success! Uploaded secret ${positional[2]}`);
    } else if (command === 'deploy') {
      banner();
      const worker = option('--env') ? `edge-newsroom-${option('--env')}` : 'edge-newsroom';
      const targets = [`https://${worker}.newsroom-test.workers.dev`, 'schedule: * * * * *'];
      print(`Total Upload: 2208.48 KiB / gzip: 452.06 KiB\nUploaded ${worker} (3.10 sec)\nDeployed ${worker} triggers (1.20 sec)\n  ${targets.join('\n  ')}\nCurrent Version ID: ${randomUUID()}`);
      if (env.WRANGLER_OUTPUT_FILE_PATH) {
        appendFileSync(env.WRANGLER_OUTPUT_FILE_PATH, JSON.stringify({ type: 'deploy', version: 1, worker_name: worker, worker_tag: hex(32), version_id: randomUUID(), targets, wrangler_environment: option('--env'), worker_name_overridden: false, timestamp: new Date().toISOString() }) + '\n');
      }
    } else {
      fail(`fake wrangler: no answer for "${args.join(' ')}"`, 2);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { status, stdout, stderr } = fakeWrangler(process.argv.slice(2), process.env, () => readFileSync(0, 'utf8'));
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = status;
}
