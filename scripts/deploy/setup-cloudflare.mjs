// `npm run setup:cloudflare [-- --env staging] [--location weur] [--config path/to/wrangler.toml]`
//
// Makes sure the Cloudflare resources one environment of wrangler.toml binds to exist, and writes
// their ids into wrangler.toml, so no id is ever copied by hand (docs/operations.md, ADR 0026):
//
//   D1 database    by its `database_name`; the id goes to `database_id` in that binding's block
//   KV namespace   titled `<worker name>-page-cache` (the name wrangler's own provisioning would
//                  give it); the id goes to `id` in that binding's block
//   Queues         by name (producers, consumers and dead-letter queues); bound by name, no id
//
// Each resource is looked up by name first and created only when missing, so a second run (or a
// run in CI, or after `wrangler deploy` provisioned D1 and KV by itself) creates nothing and
// leaves the file as it was. An id already in the file is kept when the account has it, and is an
// error when it does not (a different account, or a deleted resource): nothing is guessed.
// Rate Limiting namespaces need nothing: their namespace_id is a number of our choosing.
//
// Everything goes through the wrangler CLI (its authentication: CLOUDFLARE_API_TOKEN and
// CLOUDFLARE_ACCOUNT_ID, or `wrangler login`). WRANGLER_BIN names another wrangler executable:
// the tests put a stub there that records its arguments and answers like the real one.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Secrets the worker reads, none required: each turns a feature on (see docs/operations.md). */
export const WORKER_SECRETS = [
  ['SENTRY_DSN', 'error reports and tracing (ADR 0020)'],
  ['EMAIL_API_KEY', 'mail through EMAIL_API_URL (with EMAIL_FROM); without it mail waits in D1'],
  ['SEARCH_API_KEY', 'the search-only key, when SEARCH_BACKEND is meilisearch or algolia'],
  ['SEARCH_WRITE_KEY', 'a documents-only key of SEARCH_INDEX: stories the cron makes live reach the engine at once'],
  ['TURNSTILE_SECRET_KEY', 'Turnstile on the privacy portal, with TURNSTILE_SITE_KEY'],
  ['GITHUB_APP_PRIVATE_KEY', "the editor's GitHub App at /admin, with GITHUB_APP_ID and GITHUB_APP_INSTALLATION_ID: `npm run setup:editor` sets all three"],
];

/** The wrangler executable: WRANGLER_BIN, else the project's own. */
export function wranglerBin(env = process.env) {
  return env.WRANGLER_BIN || join(root, 'node_modules/.bin/wrangler');
}

/** The environment's name as people say it: the top level is production. */
export function environmentLabel(env) {
  return env ?? 'production';
}

/**
 * Runs wrangler; answers its exit code and output (never throws: callers decide what a failure
 * means). `input` goes to its standard input (a secret for `wrangler secret put`, which reads it
 * from there when it is not a terminal): never on its command line.
 */
export function runWrangler(args, { bin = wranglerBin(), cwd = root, input } = {}) {
  const result = spawnSync(bin, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    ...(input === undefined ? {} : { input }),
  });
  if (result.error) throw new Error(`Could not run ${bin}: ${result.error.message}`);
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function wranglerOrFail(args, run) {
  const result = run(args);
  if (result.status !== 0) {
    throw new Error(`wrangler ${args.join(' ')} failed (exit ${result.status}):\n${(result.stderr || result.stdout).trim()}`);
  }
  return result.stdout;
}

/** The JSON a list command printed, skipping any banner or notice lines before it. */
export function parseJsonOutput(stdout) {
  const text = stdout.trim();
  try {
    return JSON.parse(text);
  } catch {
    const start = text.search(/^[[{]/m);
    if (start === -1) throw new Error(`Expected JSON from wrangler, got:\n${text}`);
    return JSON.parse(text.slice(start));
  }
}

/** Is there an `[env.<name>]` in the file? wrangler itself only warns and falls back to the top level. */
export function hasEnvironment(tomlText, env) {
  const escaped = env.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*\\[{1,2}\\s*env\\.${escaped}\\s*[\\].]`, 'm').test(tomlText);
}

const HEADER = /^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(#.*)?$/;

/**
 * Sets `key = "value"` in the `[[table]]` block whose `binding` is the given one, touching
 * nothing else: the value between the quotes when the key is there, else one new line after the
 * `after` key (or after `binding`). Comments, order and spacing stay as they were; wrangler's
 * own config patching re-serialises the file instead, and cannot write TOML at all.
 */
export function setBindingValue(text, { table, binding, key, value, after = 'binding' }) {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  let start = -1;
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const header = HEADER.exec(lines[i]);
    if (!header) continue;
    if (start !== -1) {
      end = i;
      break;
    }
    if (header[1] !== '[[' || header[2] !== table) continue;
    const next = lines.findIndex((line, j) => j > i && HEADER.test(line));
    const block = lines.slice(i + 1, next === -1 ? lines.length : next);
    if (block.some((line) => new RegExp(`^\\s*binding\\s*=\\s*"${binding}"\\s*(#.*)?$`).test(line))) start = i;
  }
  if (start === -1) throw new Error(`wrangler.toml has no [[${table}]] block with binding = "${binding}"`);
  const written = setKeyInBlock(lines, start, end, key, value, after);
  if (written === null) throw new Error(`wrangler.toml: the [[${table}]] block of ${binding} has no ${after} line to put ${key} after`);
  return written ? lines.join(eol) : text;
}

/**
 * Sets `key = "value"` in lines start+1…end-1 (one block): between the quotes when the key is
 * there, else on a new line after the last `after` key. Answers whether the lines changed, or
 * null when there is neither the key nor an `after` line.
 */
function setKeyInBlock(lines, start, end, key, value, after) {
  if (/["\\\r\n]/.test(value)) throw new Error(`${key}: a value for wrangler.toml may not hold quotes, backslashes or line breaks`);
  const keyLine = new RegExp(`^(\\s*${key}\\s*=\\s*")([^"]*)(".*)$`);
  for (let i = start + 1; i < end; i++) {
    const match = keyLine.exec(lines[i]);
    if (!match) continue;
    if (match[2] === value) return false;
    lines[i] = `${match[1]}${value}${match[3]}`;
    return true;
  }
  const anchor = new RegExp(`^(\\s*)${after}\\s*=`);
  let at = -1;
  for (let i = start + 1; i < end; i++) if (anchor.test(lines[i])) at = i;
  if (at === -1) return null;
  const indent = anchor.exec(lines[at])[1];
  lines.splice(at + 1, 0, `${indent}${key} = "${value}"`);
  return true;
}

/**
 * Sets `key = "value"` in a plain table (`vars`, `env.staging.vars`) the way setBindingValue does
 * in a binding's block: in place when the key is there, else on a new line after the `after` key
 * when the table has one, else after the table's last key. Nothing else in the file changes.
 */
export function setTableValue(text, { table, key, value, after }) {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => {
    const header = HEADER.exec(line);
    return header !== null && header[1] === '[' && header[2] === table;
  });
  if (start === -1) throw new Error(`wrangler.toml has no [${table}] table`);
  let end = lines.findIndex((line, i) => i > start && HEADER.test(line));
  if (end === -1) end = lines.length;
  const lastKey = lines.slice(start + 1, end).findLastIndex((line) => /^\s*[A-Za-z0-9_-]+\s*=/.test(line));
  const fallback = lastKey === -1 ? null : /^\s*([A-Za-z0-9_-]+)/.exec(lines[start + 1 + lastKey])[1];
  let written = after ? setKeyInBlock(lines, start, end, key, value, after) : null;
  if (written === null && fallback) written = setKeyInBlock(lines, start, end, key, value, fallback);
  if (written === null) {
    lines.splice(start + 1, 0, `${key} = "${value}"`);
    written = true;
  }
  return written ? lines.join(eol) : text;
}

/** The names of the file's `[vars]` tables: the top level's and each environment's. */
export function varsTables(text) {
  return text.split(/\r?\n/).flatMap((line) => {
    const header = HEADER.exec(line);
    return header && header[1] === '[' && /^(env\.[A-Za-z0-9_-]+\.)?vars$/.test(header[2]) ? [header[2]] : [];
  });
}

/** The KV namespace's title: what `wrangler deploy`'s provisioning names it, so both find the same one. */
export function kvNamespaceTitle(workerName, binding) {
  return `${workerName}-${binding.toLowerCase().replaceAll('_', '-')}`;
}

/**
 * Finds or creates every resource one environment binds to and writes the ids into the config
 * file. Answers what it did; `changed` is false when the file was left as it was. `wrangler` runs
 * one wrangler command as `runWrangler` does (by default the `bin` executable; tests answer in
 * their own process).
 */
export async function setupCloudflare({ configPath = join(root, 'wrangler.toml'), env, location, bin = wranglerBin(), wrangler: run = (args) => runWrangler(args, { bin }), log = console.log } = {}) {
  const path = resolve(configPath);
  const original = readFileSync(path, 'utf8');
  if (env && !hasEnvironment(original, env)) throw new Error(`${relative(root, path) || path} has no [env.${env}]`);
  const { unstable_readConfig } = await import('wrangler');
  const config = unstable_readConfig({ config: path, env });
  const prefix = env ? `env.${env}.` : '';
  const wrangler = (args) => wranglerOrFail([...args, '--config', path], run);
  const actions = [];
  let text = original;

  log(`Cloudflare resources of ${environmentLabel(env)} (worker ${config.name}):`);

  if (config.d1_databases.length > 0) {
    let databases = parseJsonOutput(wrangler(['d1', 'list', '--json']));
    for (const database of config.d1_databases) {
      const name = database.database_name;
      if (!name) throw new Error(`The D1 binding ${database.binding} has no database_name to find or create it by`);
      let found;
      if (database.database_id) {
        found = databases.find((candidate) => candidate.uuid === database.database_id);
        if (!found) throw new Error(`${database.binding}: wrangler.toml names D1 database ${database.database_id}, which this account does not have. Remove that database_id line to find or create "${name}" by name.`);
        log(`  D1 database ${found.name} (${database.binding}): ${found.uuid}`);
      } else {
        found = databases.find((candidate) => candidate.name === name);
        if (found) log(`  D1 database ${name} (${database.binding}): found, ${found.uuid}`);
        else {
          wrangler(['d1', 'create', name, ...(location ? ['--location', location] : [])]);
          databases = parseJsonOutput(wrangler(['d1', 'list', '--json']));
          found = databases.find((candidate) => candidate.name === name);
          if (!found) throw new Error(`wrangler d1 create ${name} succeeded but the database is not listed`);
          actions.push(`created D1 database ${name}`);
          log(`  D1 database ${name} (${database.binding}): created, ${found.uuid}`);
        }
      }
      text = setBindingValue(text, { table: `${prefix}d1_databases`, binding: database.binding, key: 'database_id', value: found.uuid, after: 'database_name' });
    }
  }

  if (config.kv_namespaces.length > 0) {
    let namespaces = parseJsonOutput(wrangler(['kv', 'namespace', 'list']));
    for (const namespace of config.kv_namespaces) {
      const title = kvNamespaceTitle(config.name, namespace.binding);
      let found;
      if (namespace.id) {
        found = namespaces.find((candidate) => candidate.id === namespace.id);
        if (!found) throw new Error(`${namespace.binding}: wrangler.toml names KV namespace ${namespace.id}, which this account does not have. Remove that id line to find or create "${title}" by name.`);
        log(`  KV namespace ${found.title} (${namespace.binding}): ${found.id}`);
      } else {
        found = namespaces.find((candidate) => candidate.title === title);
        if (found) log(`  KV namespace ${title} (${namespace.binding}): found, ${found.id}`);
        else {
          wrangler(['kv', 'namespace', 'create', title]);
          namespaces = parseJsonOutput(wrangler(['kv', 'namespace', 'list']));
          found = namespaces.find((candidate) => candidate.title === title);
          if (!found) throw new Error(`wrangler kv namespace create ${title} succeeded but the namespace is not listed`);
          actions.push(`created KV namespace ${title}`);
          log(`  KV namespace ${title} (${namespace.binding}): created, ${found.id}`);
        }
      }
      text = setBindingValue(text, { table: `${prefix}kv_namespaces`, binding: namespace.binding, key: 'id', value: found.id });
    }
  }

  const queues = [
    ...new Set([
      ...(config.queues.producers ?? []).map((producer) => producer.queue),
      ...(config.queues.consumers ?? []).flatMap((consumer) => [consumer.queue, consumer.dead_letter_queue]),
    ]),
  ].filter(Boolean);
  for (const queue of queues) {
    const info = run(['queues', 'info', queue, '--config', path]);
    if (info.status === 0 && info.stdout.includes(`Queue Name: ${queue}`)) {
      log(`  Queue ${queue}: found`);
      continue;
    }
    // Only "does not exist" means create; anything else (no credentials, no network) is an error.
    if (!/does not exist/.test(info.stderr + info.stdout)) {
      throw new Error(`wrangler queues info ${queue} failed (exit ${info.status}):\n${(info.stderr || info.stdout).trim()}`);
    }
    wrangler(['queues', 'create', queue]);
    actions.push(`created queue ${queue}`);
    log(`  Queue ${queue}: created`);
  }

  if (config.ratelimits?.length) {
    log(`  Rate limiters ${config.ratelimits.map((limiter) => `${limiter.name} (namespace ${limiter.namespace_id})`).join(', ')}: nothing to create`);
  }

  const changed = text !== original;
  if (changed) {
    writeFileSync(path, text);
    log(`Wrote the ids into ${relative(root, path) || path}: commit it, so every checkout deploys to these resources.`);
  } else {
    log(`${relative(root, path) || path} already names them: nothing changed.`);
  }
  return { changed, actions, workerName: config.name };
}

/** The lines telling which secrets exist and the command that sets each. */
export function secretsHelp(env) {
  const flag = env ? ` --env ${env}` : '';
  const commands = WORKER_SECRETS.map(([name]) => `  npx wrangler secret put ${name}${flag}`);
  const width = Math.max(...commands.map((command) => command.length));
  return [
    `Secrets of ${environmentLabel(env)} (each optional; \`npx wrangler secret list${flag}\` shows which are set):`,
    ...commands.map((command, i) => `${command.padEnd(width)}   ${WORKER_SECRETS[i][1]}`),
  ];
}

export function parseSetupArgs(argv) {
  const { values } = parseArgs({
    args: argv,
    options: { env: { type: 'string' }, config: { type: 'string' }, location: { type: 'string' } },
    strict: true,
  });
  const configPath = values.config ? (isAbsolute(values.config) ? values.config : resolve(process.cwd(), values.config)) : undefined;
  return { env: values.env || undefined, configPath, location: values.location };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = parseSetupArgs(process.argv.slice(2));
    await setupCloudflare(options);
    console.log('');
    for (const line of secretsHelp(options.env)) console.log(line);
  } catch (error) {
    console.error(`setup:cloudflare failed: ${error.message}`);
    process.exit(1);
  }
}
