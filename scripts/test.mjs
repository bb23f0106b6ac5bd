// `npm test`: the whole suite. Unit tests (Node) and worker tests (workerd with real local D1
// and KV) through vitest, then browser tests (node:test + playwright-core + Debian chromium)
// when present. The last line is `N passed, N failed`, from the real counts, for CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const bin = (name) => join(root, 'node_modules/.bin', name);
let passed = 0;
let failed = 0;

const run = (command, args, options = {}) => spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });

// 0. The browser bundle, which the worker links to; its first-load budget counts as a test.
const client = run(process.execPath, [join(root, 'scripts/build-client.mjs')]);
if (client.status === 0) passed += 1;
else {
  failed += 1;
  console.log('client build or first-load JavaScript budget failed');
}

// 1. vitest (unit, cli and worker projects; the worker project builds its own test seed), counted
// from its JSON report.
const report = join(tmpdir(), `vitest-report-${process.pid}.json`);
run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  // A file that fails to load has no tests to count; it still fails the run.
  failed += results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  rmSync(report);
} else {
  failed += 1;
}

// 2. Browser tests, when there are any.
const e2eDir = join(root, 'test/e2e');
const e2eFiles = existsSync(e2eDir) ? readdirSync(e2eDir).filter((name) => name.endsWith('.test.mjs')).map((name) => join(e2eDir, name)) : [];
if (e2eFiles.length > 0 && process.env.SKIP_E2E !== '1') {
  const result = run(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${join(tmpdir(), `e2e-${process.pid}.tap`)}`, ...e2eFiles]);
  const tapFile = join(tmpdir(), `e2e-${process.pid}.tap`);
  if (existsSync(tapFile)) {
    const tap = readFileSync(tapFile, 'utf8');
    const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
    passed += count('pass');
    failed += count('fail');
    if (count('pass') + count('fail') === 0 && result.status !== 0) failed += 1;
    rmSync(tapFile);
  } else if (result.status !== 0) {
    failed += 1;
  }
}

// 3. Static checks, each counted as one test: types, and lint with the import boundaries.
for (const [name, command, args] of [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', '.']],
  ['lint', bin('eslint'), ['.']],
]) {
  const result = run(command, args);
  if (result.status === 0) passed += 1;
  else {
    failed += 1;
    console.log(`${name} failed`);
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
