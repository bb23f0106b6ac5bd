// The GitHub workflows (.github/workflows) against GitHub's workflow schema, offline: the
// validator (@action-validator/core, the engine of @action-validator/cli) is WebAssembly with the
// schema inside it. Then what the schema cannot know: that publishing tests before it deploys,
// deploys before it imports, and gives Cloudflare credentials to those steps alone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '../..');
const dir = join(root, '.github/workflows');
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  id?: string;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  uses?: string;
  steps?: Step[];
  env?: Record<string, string>;
  environment?: unknown;
}
interface Workflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (name: string) => readFileSync(join(dir, name), 'utf8');

test('there are workflows to check', () => {
  expect(files).toEqual(expect.arrayContaining(['ci.yml', 'publish.yml']));
});

test.each(files)('%s is a valid GitHub workflow', (name) => {
  const result = validateWorkflow(read(name));
  expect(result.errors).toEqual([]);
});

test('the validator does reject a broken workflow (so a pass above means something)', () => {
  const broken = 'name: Broken\non:\n  pul_request:\njobs:\n  test:\n    runs-on: ubuntu-24.04\n    stepz:\n      - run: npm test\n';
  expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
});

describe('ci.yml', () => {
  const workflow = parse(read('ci.yml')) as Workflow;
  test('runs on pull requests and runs the suite as .ci/run does (npm ci, npm test), with no Cloudflare secret', () => {
    expect(Object.keys(workflow.on)).toContain('pull_request');
    expect(workflow.jobs.test!.steps!.map((step) => step.run).filter(Boolean)).toEqual(['.ci/run']);
    expect(read('ci.yml')).not.toMatch(/secrets\./);
    const ciRun = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ciRun).toMatch(/npm ci\b/);
    expect(ciRun).toMatch(/npm test\b/);
  });

  test('on a pull request only, checks the content folder the publish workflow imports, with the import\'s dry run', () => {
    const content = workflow.jobs.content!;
    expect(content.if).toBe("github.event_name == 'pull_request'");
    expect(content.env?.CONTENT_DIR).toBe((parse(read('publish.yml')) as Workflow).env?.CONTENT_DIR);
    expect(content.steps!.map((step) => step.run).filter(Boolean)).toEqual(['npm ci --no-audit --no-fund', 'npm run import -- "$CONTENT_DIR" --dry-run']);
    expect(content.needs).toBeUndefined();
  });
});

describe('publish.yml', () => {
  const workflow = parse(read('publish.yml')) as Workflow;
  const publish = workflow.jobs.publish!;
  const runs = publish.steps!.map((step) => step.run ?? '');
  const at = (pattern: RegExp) => runs.findIndex((run) => pattern.test(run));

  test('runs on a push to main, and by hand', () => {
    expect(workflow.on.push).toEqual({ branches: ['main'] });
    expect(Object.keys(workflow.on)).toContain('workflow_dispatch');
  });

  test('publishes only after the tests passed: the test job is the CI workflow itself', () => {
    expect(workflow.jobs.test!.uses).toBe('./.github/workflows/ci.yml');
    expect(publish.needs).toBe('test');
  });

  test('checks the content folder, then deploys, then imports it into the deployed newsroom', () => {
    const check = at(/npm run import -- "\$CONTENT_DIR" --dry-run$/m);
    const deploy = at(/npm run deploy/);
    const publishContent = at(/npm run import -- "\$CONTENT_DIR" "\$\{args\[@\]\}"/);
    expect(check).toBeGreaterThan(-1);
    expect(deploy).toBeGreaterThan(check);
    expect(publishContent).toBeGreaterThan(deploy);
    expect(runs[publishContent]).toContain('args=(--remote $ENV_ARGS)');
    expect(runs[publishContent]).toMatch(/SEARCH_ADMIN_KEY.*--sync-search/s);
  });

  test('the content folder is a repository variable, the demo by default', () => {
    expect(workflow.env?.CONTENT_DIR).toBe("${{ vars.CONTENT_DIR || 'content/demo' }}");
  });

  test('Cloudflare credentials come from the secrets CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID', () => {
    expect(publish.env?.CLOUDFLARE_API_TOKEN).toBe('${{ secrets.CLOUDFLARE_API_TOKEN }}');
    expect(publish.env?.CLOUDFLARE_ACCOUNT_ID).toBe('${{ secrets.CLOUDFLARE_ACCOUNT_ID }}');
  });
});
