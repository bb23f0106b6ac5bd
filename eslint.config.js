// Lint: TypeScript rules plus the import boundaries of the layers (docs/decisions/0029-layers-and-boundaries.md,
// 0045-web-layer-by-role.md; docs/architecture.md draws them).
import tseslint from 'typescript-eslint';

// Patterns are gitignore-style, where a leading `#` starts a comment: `#src/…` is escaped here, or
// it would match nothing.
const escapeHash = (pattern) => pattern.replace(/^(!?)#/, '$1\\#');
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: patterns.map((entry) => (entry.group ? { ...entry, group: entry.group.map(escapeHash) } : entry)) }] });

/** Views and the browser's code share markup through src/ui/, never through each other. */
const VIEWS_SEE_NO_CLIENT = {
  group: ['#src/client/*', '!#src/client/config', '../client/*', '../../client/*'],
  message: 'views/ never import client/ (the browser\'s code): markup both render lives in src/ui/.',
};

export default tseslint.config(
  { ignores: ['node_modules/', '.wrangler/', 'dist/', 'public/', 'worker-configuration.d.ts', 'test/fixtures/.generated/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: ['src/domain/**'],
    rules: restrict([
      { group: ['hono', 'hono/*', 'react', 'react-dom', 'react-dom/*', 'cloudflare:*'], message: 'domain/ is pure: no framework or runtime imports.' },
      { regex: '^(#src/(?!domain/)|\\.\\./)', message: 'domain/ imports nothing outside domain/: every other layer may use it, so it uses none.' },
    ]),
  },
  {
    files: ['src/i18n/**'],
    rules: restrict([{ regex: '^(#src/(?!domain/|i18n/)|\\.\\./\\.\\./)', message: 'i18n/ uses domain/ only: views, routes and the import all share it.' }]),
  },
  {
    // The import pipeline runs in Node, before any request: it makes the content bundle and hands it
    // to platform/ adapters; pages render what it stored, so it never needs a view.
    files: ['src/content/**'],
    rules: restrict([{ regex: '^(#src/(?!content/|domain/|i18n/|platform/|config/)|\\.\\./)', message: 'content/ may import domain/, i18n/, platform/ and the settings of config/ only (never views, routes, middleware or client).' }]),
  },
  {
    files: ['src/platform/**'],
    rules: restrict([{ regex: '^(#src/(?!domain/|platform/|config/|server-only$|log$)|\\.\\./\\.\\./)', message: 'platform/ adapters see domain/ (shared shapes such as the content bundle live there) and the settings they are built with (config/), and write their lines through src/log.ts, never content/ or the layers above.' }]),
  },
  {
    // The deployment's settings, read from its variables: plain parsing over domain/ constants.
    files: ['src/config/**'],
    rules: restrict([{ regex: '^(#src/(?!domain/|config/)|\\.\\./)', message: 'config/ reads settings with domain/ constants only: never platform/ or the layers above.' }]),
  },
  {
    files: ['scripts/**'],
    rules: restrict([{ regex: '^#src/(views|routes|middleware|client|http|pages|page-cache|ui)/', message: 'scripts/ are thin CLIs over content/, domain/ and platform/: never a view, a page, a route, a request helper or browser code.' }]),
  },
  {
    // The one measurement of the renderer itself (ADR 0049) renders through it, as the worker does.
    files: ['scripts/measure/renderer-first-byte.tsx'],
    rules: restrict([{ regex: '^#src/(?!views/render$|pages/model$|http/html-renderer$)', message: 'the renderer measurement needs the renderer, its registration and the shell type only.' }]),
  },
  {
    // A page kind's model, its JSON and Markdown forms: plain functions over the dependencies'
    // ports, rendered by views/ and answered by routes/; they never see a request.
    files: ['src/pages/**'],
    rules: restrict([
      { group: ['hono', 'hono/*', 'react', 'react-dom', 'react-dom/*', 'cloudflare:*'], message: 'pages/ build models and text forms: no Hono, no React, no runtime.' },
      { regex: '^(#src/(?!pages/|domain/|i18n/|deps$|env$|client/config$)|\\.\\./)', message: 'pages/ may import domain/, i18n/, the Deps (src/deps.ts) and AppConfig types and the browser configuration contract only: never http/, routes/, views/, platform/ or the adapters (routes call pages, views render them).' },
    ]),
  },
  {
    // Request and response helpers, shared by routes/, middleware/ and the page cache.
    files: ['src/http/**'],
    rules: restrict([{ regex: '^(#src/(routes|middleware|page-cache|jobs|content|client|admin)/|#src/adapters$|\\.\\./)', message: 'http/ helpers sit below routes/, middleware/ and the page cache: they never import them, nor the adapters (the Deps type is src/deps.ts; the error reporter comes on the context).' }]),
  },
  {
    // Thin Hono sub-apps: validate, one load function (src/pages/), render (src/views/).
    files: ['src/routes/**'],
    rules: restrict([{ regex: '^#src/((platform|page-cache|jobs|content|client)/|adapters$)', message: 'routes/ reach stores through Deps (the type: src/deps.ts; built by the deps middleware) and never the adapters, the page cache, jobs, the import or browser code.' }]),
  },
  {
    // /healthz answers before the page cache and deps (ADR 0034): it probes KV and D1 through the
    // adapters itself, the one route that does.
    files: ['src/routes/health.ts'],
    rules: restrict([{ regex: '^#src/(platform|page-cache|jobs|content|client)/', message: 'routes/ never import platform/, the page cache, jobs, the import or browser code.' }]),
  },
  {
    files: ['src/middleware/**'],
    rules: restrict([{ regex: '^#src/(routes|pages|views|page-cache|jobs|content|client)/', message: 'middleware/ is cross-cutting request work: no page, route or view code.' }]),
  },
  {
    // The page cache wraps the app: it sees requests and responses, never how a page is built.
    files: ['src/page-cache/**'],
    rules: restrict([{ regex: '^#src/(pages|views|jobs|content|client)/', message: 'page-cache/ stores answers: it never imports pages/, views/, jobs/ or browser code.' }]),
  },
  {
    files: ['src/jobs/**'],
    rules: restrict([{ regex: '^#src/(routes|middleware|http|pages|views|page-cache|client|press-desk)/', message: 'jobs/ run without a request: they never import the web layer or the press desk.' }]),
  },
  {
    // The press office's actions (share, revoke, rotate, distribute, the media list): plain
    // functions over the press desk's store port, called by the CLIs and the office view alike.
    files: ['src/press-desk/**'],
    rules: restrict([{ regex: '^(#src/(?!press-desk/|domain/|i18n/)|\\.\\./)', message: 'press-desk/ uses domain/ (its store port) and i18n/ only: the CLIs and the office view build its store and call it, never the other way round.' }]),
  },
  {
    // The dependencies' types: domain/ ports and the configuration's type, never an adapter, so
    // whoever needs only the shape does not pull platform/ in.
    files: ['src/deps.ts'],
    rules: restrict([{ regex: '^(#src/(?!domain/|env$)|\\.)', message: 'deps.ts describes the dependencies with domain/ ports and AppConfig only: never platform/ or the adapters.' }]),
  },
  {
    // The one place adapters are built, and the worker's configuration: below every web layer.
    files: ['src/adapters.ts', 'src/env.ts'],
    rules: restrict([{ regex: '^#src/(routes|middleware|http|pages|views|page-cache|jobs|press-desk|client|content|admin)/', message: 'adapters.ts and env.ts sit below the web layer, the jobs and the press desk: they never import them.' }]),
  },
  {
    // The worker's configuration: its settings read through config/, never an adapter or middleware.
    files: ['src/env.ts'],
    rules: restrict([{ regex: '^#src/(?!config/|domain/|server-only$)', message: 'env.ts reads the configuration through config/ and domain/ only: never platform/, middleware or the layers above.' }]),
  },
  {
    files: ['src/views/**'],
    rules: restrict([
      { group: ['hono', 'hono/*', 'cloudflare:*'], message: 'views/ take props only: no Hono, no runtime.' },
      {
        group: ['@hono/react-renderer', '@hono/react-renderer/*'],
        message: 'views/ take props only: @hono/react-renderer renders them from src/http/ (`c.render`), and its useRequestContext would hand a view the request, so the page cache, a crawler and the editor\'s preview could no longer get the same page from the same props (ADR 0049).',
      },
      { group: ['#src/platform/*', '#src/routes/*', '#src/middleware/*', '#src/http/*', '#src/page-cache/*', '#src/adapters', '../platform/*'], message: 'views/ never touch platform/, routes, middleware or the request helpers.' },
      VIEWS_SEE_NO_CLIENT,
    ]),
  },
  {
    // Markup the server's views render and the browser's islands hydrate: both import it, it imports neither.
    files: ['src/ui/**'],
    rules: restrict([{ regex: '^(#src/(?!ui/|i18n/|domain/)|\\.\\./)', message: 'src/ui/ is shared by views/ and client/: it imports only ui/, i18n/ and domain/.' }]),
  },
  {
    files: ['src/client/**'],
    rules: restrict([
      {
        group: ['hono', 'hono/*', 'cloudflare:*', '#src/platform/*', '#src/routes/*', '#src/middleware/*', '#src/http/*', '#src/pages/*', '#src/page-cache/*', '#src/views/*', '#src/content/*'],
        message: 'client/ imports only client/, ui/, i18n/ and domain types.',
      },
    ]),
  },
  {
    // The editor's browser code (the admin bundles, scripts/build/build-admin.mjs): its story preview
    // renders the site's own views and runs the import's Markdown pipeline in the browser, so it
    // may use views/, content/, domain/ and i18n/; never what runs only in the worker or the CLI,
    // nor the readers' browser code.
    files: ['src/admin/client/**'],
    rules: restrict([
      { group: ['hono', 'hono/*', 'cloudflare:*', 'node:*'], message: 'src/admin/client/ runs in the editor\'s browser: no Hono, no runtime, no Node.' },
      { regex: '^(#src/(platform|routes|middleware|client|jobs|http|page-cache)/|#src/(env|worker|app|server-only|adapters)$)', message: 'src/admin/client/ may use views/, content/, domain/ and i18n/ only (never platform/, routes/, middleware/, jobs/ or the readers\' client/).' },
    ]),
  },
  {
    files: ['src/**'],
    ignores: ['src/platform/**', 'src/adapters.ts', 'src/http/redirect.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='redirect']", message: 'Redirect through redirect() in src/http/redirect.ts: it keeps every Location on this site.' },
        { selector: "TSTypeReference[typeName.name='D1Database']", message: 'Only platform/ sees D1Database.' },
        { selector: "TSTypeReference[typeName.name='KVNamespace']", message: 'Only platform/ sees KVNamespace.' },
      ],
    },
  },
);
