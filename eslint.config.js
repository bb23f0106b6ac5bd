// Lint: TypeScript rules plus the import boundaries of DESIGN.md section 8, as docs/decisions/0029-layers-and-boundaries.md
// lists them (docs/architecture.md draws the layers).
import tseslint from 'typescript-eslint';

// Patterns are gitignore-style, where a leading `#` starts a comment: `#src/…` is escaped here, or
// it would match nothing.
const escapeHash = (pattern) => pattern.replace(/^(!?)#/, '$1\\#');
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns: patterns.map((entry) => (entry.group ? { ...entry, group: entry.group.map(escapeHash) } : entry)) }] });

/** Views reach browser code only through views/island.tsx, and read the browser's configuration contract. */
const VIEWS_SEE_NO_ISLANDS = {
  group: ['#src/client/*', '!#src/client/config', '../client/*', '../../client/*'],
  message: 'views/ mount browser islands only through src/views/island.tsx.',
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
    rules: restrict([{ regex: '^(#src/(?!content/|domain/|i18n/|platform/)|\\.\\./)', message: 'content/ may import domain/, i18n/ and platform/ only (never views, routes, middleware or client).' }]),
  },
  {
    files: ['src/platform/**'],
    rules: restrict([{ regex: '^(#src/(?!domain/|platform/|server-only$)|\\.\\./\\.\\./)', message: 'platform/ adapters see domain/ only (shared shapes such as the content bundle live there), never content/ or the layers above.' }]),
  },
  {
    files: ['scripts/**'],
    rules: restrict([{ regex: '^#src/(views|routes|middleware|client)/', message: 'scripts/ are thin CLIs over content/, domain/ and platform/: never a view, a route or browser code.' }]),
  },
  {
    files: ['src/views/**'],
    rules: restrict([
      { group: ['hono', 'hono/*', 'cloudflare:*'], message: 'views/ take props only: no Hono, no runtime.' },
      { group: ['#src/platform/*', '#src/routes/*', '#src/middleware/*', '../platform/*'], message: 'views/ never touch platform/ or routes.' },
      VIEWS_SEE_NO_ISLANDS,
    ]),
  },
  {
    // The one view that mounts islands: their server placeholders.
    files: ['src/views/island.tsx'],
    rules: restrict([
      { group: ['hono', 'hono/*', 'cloudflare:*'], message: 'views/ take props only: no Hono, no runtime.' },
      { group: ['#src/platform/*', '#src/routes/*', '#src/middleware/*', '../platform/*'], message: 'views/ never touch platform/ or routes.' },
    ]),
  },
  {
    files: ['src/client/**'],
    rules: restrict([
      {
        group: ['hono', 'hono/*', 'cloudflare:*', '#src/platform/*', '#src/routes/*', '#src/middleware/*', '#src/views/*', '!#src/views/components', '#src/content/*'],
        message: 'client/ imports only client/, i18n/, domain types and the pure shared components of views/components/.',
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
      { regex: '^(#src/(platform|routes|middleware|client|jobs)/|#src/(env|worker|app|server-only)$)', message: 'src/admin/client/ may use views/, content/, domain/ and i18n/ only (never platform/, routes/, middleware/, jobs/ or the readers\' client/).' },
    ]),
  },
  {
    files: ['src/**'],
    ignores: ['src/platform/**', 'src/middleware/deps.ts', 'src/env.ts', 'src/routes/redirect.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='redirect']", message: 'Redirect through redirect() in src/routes/redirect.ts: it keeps every Location on this site.' },
        { selector: "TSTypeReference[typeName.name='D1Database']", message: 'Only platform/ sees D1Database.' },
        { selector: "TSTypeReference[typeName.name='KVNamespace']", message: 'Only platform/ sees KVNamespace.' },
      ],
    },
  },
);
