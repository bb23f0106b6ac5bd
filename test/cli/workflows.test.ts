// The GitHub workflows (.github/workflows) against GitHub's workflow schema, offline: the
// validator (@action-validator/core, the engine of @action-validator/cli) is WebAssembly with the
// schema inside it. Then what the schema cannot know: that publishing tests before it deploys,
// deploys before it imports, and gives Cloudflare credentials to those steps alone; and that its
// first job's script, run here with bash in a scratch git repository and a stand-in for the `gh`
// CLI, calls a push content-only exactly when nothing outside the content folder changed since the
// last successful publish.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '../..');
const dir = join(root, '.github/workflows');
const files = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  id?: string;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
  permissions?: Record<string, string>;
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

  test('publishes only after the tests passed: the test job is the CI workflow itself, skipped only for a content-only push', () => {
    expect(workflow.jobs.test!.uses).toBe('./.github/workflows/ci.yml');
    expect(workflow.jobs.test!.needs).toBe('changes');
    expect(workflow.jobs.test!.if).toBe("needs.changes.outputs.content-only != 'true'");
    expect(publish.needs).toEqual(['changes', 'test']);
    // Runs after passed tests, or after tests skipped because the push was content-only; never after failed ones.
    const condition = publish.if!.replace(/\s+/g, ' ');
    expect(condition).toContain("needs.changes.result == 'success'");
    expect(condition).toContain("(needs.test.result == 'success' || (needs.test.result == 'skipped' && needs.changes.outputs.content-only == 'true'))");
    expect(condition).not.toMatch(/always\(\)/);
  });

  test('a content-only push deploys nothing, unless it brings media the worker serves itself', () => {
    const steps = publish.steps!;
    const deployStep = steps.find((step) => step.id === 'deploy')!;
    expect(deployStep.if).toBe("steps.plan.outputs.deploy == 'true'");
    const plan = steps.find((step) => step.id === 'plan')!;
    expect(steps.indexOf(plan)).toBeLessThan(steps.indexOf(deployStep));
    const scratch = mkdtempSync(join(tmpdir(), 'newsroom-publish-plan-'));
    const decide = (contentOnly: string, media: string, uploadcare: string) => {
      const output = join(scratch, 'output');
      writeFileSync(output, '');
      spawnSync('bash', ['-e', '-c', plan.run!], { env: { PATH: process.env.PATH, CONTENT_ONLY: contentOnly, MEDIA_CHANGED: media, UPLOADCARE_PUBLIC_KEY: uploadcare, GITHUB_OUTPUT: output } });
      return readFileSync(output, 'utf8');
    };
    expect(decide('false', 'false', '')).toContain('deploy=true');
    expect(decide('true', 'false', '')).toContain('deploy=false');
    expect(decide('true', 'true', '')).toContain('deploy=true');
    expect(decide('true', 'true', 'demopublickey')).toContain('deploy=false');
    rmSync(scratch, { recursive: true, force: true });
    // The remote import runs either way, with the same flags.
    expect(steps.find((step) => /"\$\{args\[@\]\}"/.test(step.run ?? ''))!.if).toBeUndefined();
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

describe('publish.yml: content only, or everything?', () => {
  const workflow = parse(read('publish.yml')) as Workflow;
  const changes = workflow.jobs.changes!;
  const script = changes.steps!.find((step) => step.id === 'decide')!.run!;
  let repo: string;
  let bin: string;
  const git = (...args: string[]) => {
    const result = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...gitEnv, PATH: process.env.PATH } });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  };
  const gitEnv = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null', GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com' };
  const write = (path: string, text = `${path} ${Math.random()}`) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const commit = (message: string) => {
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  /** The step's outputs, with `gh run list` answering `lastSuccess` (or failing, for null). */
  function decide({ lastSuccess, event = 'push', contentDir = 'content/acme' }: { lastSuccess: string | null; event?: string; contentDir?: string }) {
    writeFileSync(join(bin, 'gh'), lastSuccess === null ? '#!/bin/sh\necho "HTTP 502" >&2\nexit 1\n' : `#!/bin/sh\necho "$*" > "${join(bin, 'gh-args')}"\n[ -n "${lastSuccess}" ] && echo "${lastSuccess}"\nexit 0\n`);
    chmodSync(join(bin, 'gh'), 0o755);
    const output = join(bin, 'output');
    writeFileSync(output, '');
    const result = spawnSync('bash', ['-e', '-c', script], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...gitEnv, PATH: `${bin}:${process.env.PATH}`, CONTENT_DIR: contentDir, EVENT: event, GITHUB_SHA: git('rev-parse', 'HEAD'), GITHUB_REPOSITORY: 'acme/newsroom', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: join(bin, 'summary'), GH_TOKEN: 'token' },
    });
    expect(result.status, result.stderr).toBe(0);
    const outputs = Object.fromEntries(readFileSync(output, 'utf8').trim().split('\n').map((line) => line.split('=') as [string, string]));
    return { contentOnly: outputs['content-only'], media: outputs.media, reason: result.stdout.trim() };
  }

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'newsroom-publish-changes-'));
    bin = join(repo, '.bin');
    mkdirSync(bin);
    writeFileSync(join(repo, '.gitignore'), '.bin/\n');
    git('init', '-q', '-b', 'main');
    write('src/app.ts');
    write('content/acme/stories/a.md');
    write('content/acme/media/a.jpg');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  test('the job reads the runs with the workflow token and hands its two answers on', () => {
    expect(changes.permissions).toEqual({ contents: 'read', actions: 'read' });
    expect(changes.steps![0]).toEqual({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
    expect(changes.outputs).toEqual({ 'content-only': '${{ steps.decide.outputs.content-only }}', media: '${{ steps.decide.outputs.media }}' });
  });

  test('only the content folder changed since the last successful publish: the import alone, and whether media came', () => {
    const published = commit('published');
    write('content/acme/stories/b.md');
    commit('a story');
    expect(decide({ lastSuccess: published })).toEqual({ contentOnly: 'true', media: 'false', reason: `only content/acme changed since ${published.slice(0, 7)}: the import alone` });
    expect(readFileSync(join(bin, 'gh-args'), 'utf8')).toContain('run list --repo acme/newsroom --workflow publish.yml --branch main --event push --status success');
    write('content/acme/media/b.jpg');
    commit('a picture');
    expect(decide({ lastSuccess: published })).toMatchObject({ contentOnly: 'true', media: 'true' });
    expect(decide({ lastSuccess: published, contentDir: './content/acme/' })).toMatchObject({ contentOnly: 'true', media: 'true' });
  });

  test('anything else changed since the last successful publish (even in an earlier push whose publish failed or never ran): everything', () => {
    const published = commit('published');
    write('src/app.ts');
    commit('code, whose publish failed');
    write('content/acme/stories/b.md');
    commit('then a story');
    expect(decide({ lastSuccess: published })).toMatchObject({ contentOnly: 'false', media: 'false' });
    expect(decide({ lastSuccess: published }).reason).toBe(`files outside content/acme changed since ${published.slice(0, 7)} (src/app.ts…): tests, deploy and import`);
  });

  test('a file moved into the content folder counts where it came from; a folder that only starts alike is outside', () => {
    const published = commit('published');
    renameSync(join(repo, 'src/app.ts'), join(repo, 'content/acme/app.ts'));
    commit('moved');
    expect(decide({ lastSuccess: published }).contentOnly).toBe('false');
    const again = commit('published again');
    write('content/acme-old/stories/c.md');
    commit('beside the folder');
    expect(decide({ lastSuccess: again }).contentOnly).toBe('false');
  });

  test('when unsure, everything: the first publish, GitHub not answering, a commit the clone lacks, nothing changed, a run by hand, the whole repository as the folder', () => {
    const published = commit('published');
    write('content/acme/stories/b.md');
    commit('a story');
    expect(decide({ lastSuccess: '' }).reason).toBe('no earlier successful publish to compare with: tests, deploy and import');
    expect(decide({ lastSuccess: null }).contentOnly).toBe('false');
    expect(decide({ lastSuccess: '0123456789abcdef0123456789abcdef01234567' }).contentOnly).toBe('false');
    expect(decide({ lastSuccess: git('rev-parse', 'HEAD') }).reason).toMatch(/^nothing changed since/);
    expect(decide({ lastSuccess: published, event: 'workflow_dispatch' }).reason).toBe('run by hand: tests, deploy and import');
    expect(decide({ lastSuccess: published, contentDir: '.' }).contentOnly).toBe('false');
    expect(decide({ lastSuccess: published }).contentOnly).toBe('true');
  });
});
