/**
 * createApp(): the middleware order, the routes, and the one place errors become responses.
 *
 * Order matters: the request log wraps everything (it writes the line once the answer is final);
 * security headers wrap everything else (error pages included); an over-long address is refused
 * before anything is looked up; /healthz answers before the page cache and the newsroom loading
 * (with a per-client limit of its own); the page cache comes
 * before deps and site, so a cache hit costs no D1 query at all; a page's own CSP (which names
 * the newsroom's analytics hosts) is written by its renderer with the page, inside the cache, so
 * hits replay it; deps before site, because loading the site needs the repository; the locale
 * middleware only runs on locale-scoped routes. Stories are matched last: `/{slug}` would
 * otherwise shadow `/fr`.
 */
import { Hono } from 'hono';
import { adminDoor } from '#src/admin/admin-door';
import { editorSignIn } from '#src/admin/sign-in-routes';
import { githubProxy } from '#src/admin/github-proxy/github-proxy-routes';
import { uploadSignatures } from '#src/admin/upload-signature-routes';
import { configFingerprint, configOf, isLocalDevelopment, type AppConfig } from './env';
import type { AppEnv } from '#src/http/app-env';
import { ForbiddenError, InvalidInputError, MovedError, NotFoundError, PayloadTooLargeError, TooManyRequestsError, UnavailableError } from '#src/domain/errors';
import { cacheRules } from '#src/http/cache-rules';
import { htmlRenderer } from '#src/http/html-renderer';
import { errorResponse, reportUnexpected, RETRY_AFTER_SECONDS } from '#src/http/error-page';
import { errorReporterOf, readCachePointers } from './adapters';
import { deps } from '#src/middleware/deps';
import { isCacheFillRequest, pageCache } from '#src/page-cache/page-cache';
import { readership } from '#src/middleware/readership';
import { readershipRoutes } from '#src/admin/press/readership-routes';
import { LOCALE_SEGMENT, locale } from '#src/middleware/locale';
import { securityHeaders } from '#src/middleware/security';
import { limitAddressLength, limitRenders, onlyAllowedMethods, requestBodyLimit, sameSitePostsOnly } from '#src/middleware/request-limits';
import { requestLog } from '#src/middleware/request-log';
import { createSiteLoader } from '#src/middleware/site';
import { CLIENT_BUILD } from '#src/views/client-assets';
import { adminRoutes } from '#src/admin/admin-routes';
import { pressOffice } from '#src/admin/press/press-office-routes';
import { inquiryOffice } from '#src/admin/press/inquiries-routes';
import { api } from './routes/api';
import { DECLARED_QUERIES } from './page-cache/declared-queries';
import { policies } from './routes/policies';
import { llms } from './routes/llms';
import { feeds } from './routes/feeds';
import { galleries } from './routes/galleries';
import { healthRoutes } from './routes/health';
import { embeds, galleryEmbeds } from './routes/embed';
import { category, home, tag } from './routes/story-lists';
import { media } from './routes/media';
import { privacyPortal } from './routes/privacy-portal/routes';
import { search } from './routes/search';
import { seo } from './routes/seo';
import { secretStoryLinks } from './routes/secret-story';
import { secretGalleryLinks } from './routes/secret-gallery';
import { recipientFiles } from './routes/recipient-files';
import { pressLeave } from './routes/press-leave';
import { journalistPages } from './routes/journalist-page';
import { redirect } from './http/redirect';
import { STORY_ROUTES, story } from './routes/story';
import { theme } from './routes/theme';
import { siteFiles } from './routes/site-files';

export interface AppOptions {
  /** The page cache's build key (default CLIENT_BUILD); tests pass their own to render afresh, as after a deploy. */
  readonly build?: string;
  /** Outbound requests of the editor's GitHub proxy (tests pass a stand-in of GitHub). */
  readonly githubFetch?: typeof fetch;
  /** Outbound requests for Cloudflare Access's keys (tests pass a stand-in of the team's certs). */
  readonly accessFetch?: typeof fetch;
  /** Outbound requests to readership's local stand-in: its points and its SQL API (tests pass the stand-in's fetch). */
  readonly readershipFetch?: typeof fetch;
}

/** The build part of page-cache keys: the client build and what the configuration puts into pages. */
export function pageCacheBuild(config: AppConfig, build = CLIENT_BUILD): string {
  return `${build}.${configFingerprint(config)}`;
}

export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // How an unexpected error is reported (src/http/error-reporting.ts), before anything can fail.
  app.use('*', async (c, next) => {
    c.set('errorReporterOf', errorReporterOf);
    await next();
  });
  // Every HTML page, error pages included, is rendered by @hono/react-renderer (ADR 0049).
  app.use('*', htmlRenderer);
  // The request's one log line and X-Request-Id, outside everything so it sees the final answer.
  app.use('*', requestLog, securityHeaders, onlyAllowedMethods(app), limitAddressLength);
  // Uptime monitors: in front of the page cache and the newsroom, limited per client (ADR 0034).
  app.route('/', healthRoutes());
  app.route('/media', media);
  // The stylesheet, from static assets, so it carries the security headers too.
  app.get('/styles/*', (c) => c.env.ASSETS.fetch(c.req.raw));
  // The press office's one door (ADR 0051): everything under /admin passes Cloudflare Access,
  // verified here (open on loopback under `npm start`); nothing of it is ever in the page cache.
  app.use('/admin/*', adminDoor({ fetch: options.accessFetch }));
  // The editor (src/admin/): its page and configuration, its sign-in, the GitHub proxy that holds
  // the App's key (the browser never talks to GitHub), its Uploadcare upload signatures (ADR 0042).
  app.route('/', adminRoutes);
  app.route('/', editorSignIn);
  app.route('/', githubProxy({ fetch: options.githubFetch }));
  app.route('/admin', uploadSignatures());
  // The press office view (ADR 0044).
  app.route('/', pressOffice());
  // The inquiry inbox (ADR 0054): journalists' questions, answered and closed from the office.
  app.route('/', inquiryOffice());
  app.route('/', readershipRoutes({ fetch: options.readershipFetch }));
  // Readership (ADR 0055): every story request counted once, hits included, after the answer and without D1.
  app.use('*', readership({ routes: STORY_ROUTES, isOwnRequest: isCacheFillRequest, fetch: options.readershipFetch }));
  app.use(
    '*',
    pageCache({
      readPointersFromDb: (c) => readCachePointers(c.env),
      declaredQueries: DECLARED_QUERIES,
      build: (c) => pageCacheBuild(configOf(c.env), options.build),
      bypassToken: (c) => c.env.PAGE_CACHE_BYPASS_TOKEN,
      render: (request, env, ctx) => app.fetch(request, env, ctx as ExecutionContext<unknown>),
    }),
  );
  app.use('*', limitRenders);
  app.use('*', deps, createSiteLoader(), sameSitePostsOnly, requestBodyLimit);

  // Trailing slashes: one address per page.
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length > 1 && url.pathname.endsWith('/')) throw new MovedError(url.pathname.replace(/\/+$/, '') + url.search);
    await next();
  });

  app.route('/api', api);
  // Local development: the mail that would have been sent (confirmation links to click), and the
  // privacy requests the newsroom's operators must answer: those their senders confirmed, and
  // those flagged because no confirmation mail could be sent (`flag`). Only under `npm start`
  // (LOCAL_DEVELOPMENT on a loopback host) with SHOW_OUTBOX: a deployment never serves it.
  app.get('/_dev/outbox', async (c) => {
    if (!c.var.deps.config.showOutbox || !isLocalDevelopment(c.env, c.req.url)) throw new NotFoundError('Outbox');
    const { outbox } = c.var.deps;
    return c.json({ messages: await outbox.recent(50), dataRequests: await outbox.dataRequestsToAnswer(50) }, 200, { 'Cache-Control': cacheRules.private });
  });
  app.route(`/${LOCALE_SEGMENT}/newsroom/:uuid`, privacyPortal);
  // Secret links for journalists (never cached: the page cache skips /s/): galleries' tokens have
  // a shape of their own (src/domain/gallery-link.ts), then stories'.
  app.route('/s', secretGalleryLinks);
  // A recipient's file addresses (`f` keys, ADR 0053), before the stories' `/s/{token}/…`.
  app.route('/s', recipientFiles);
  app.route('/s', secretStoryLinks);
  // A journalist leaving the media list from a press mail (never cached: the address is a secret).
  app.route('/press/leave', pressLeave);
  // A journalist's own page and its calendar files (never cached either: /press/ is a secret).
  app.route('/press', journalistPages);

  app.route('/', seo);
  // The newsroom's theme stylesheet, /theme-{hash}.css (before stories: `/{slug}`).
  app.route('/', theme);

  // A contact's vCard and /favicon.ico.
  app.route('/', siteFiles);

  const localized = new Hono<AppEnv>();
  localized.use('*', locale);
  localized.route('/', home);
  localized.route('/', category);
  localized.route('/', tag);
  localized.route('/', galleries);
  localized.route('/', galleryEmbeds);
  localized.route('/', search);
  localized.route('/', feeds);
  localized.route('/', policies);
  localized.route('/', llms);
  // The same pages with the language's prefix and without it (the default language): Hono takes
  // an optional parameter only as a pattern's last segment, so the sub-app is mounted at both.
  app.route(`/${LOCALE_SEGMENT}`, localized);
  app.route('/', localized);
  // oEmbed and the story embed cards (ADR 0024): after the localized pages (`/tag/embed` is a
  // tag's page), before the stories (`/{slug}` would take `/oembed`).
  app.route('/', embeds);
  app.route('/', story);

  app.notFound((c) => errorResponse(c, 404));
  app.onError((error, c) => {
    if (error instanceof MovedError) return redirect(c, error.location, 301);
    // API callers read {message}; visitors get a page in their language.
    if (c.req.path.startsWith('/api/')) {
      const status = apiStatusOf(error);
      if (status >= 500) reportUnexpected(c, error);
      const message = status === 503 ? 'Temporarily unavailable, please try again' : status === 500 ? 'Something went wrong' : error.message;
      return c.json({ message }, status, { 'Cache-Control': cacheRules.error, ...retryAfterHeader(error, status) });
    }
    if (error instanceof NotFoundError) return errorResponse(c, 404);
    if (error instanceof PayloadTooLargeError) return errorResponse(c, 413);
    if (error instanceof ForbiddenError) return errorResponse(c, 403);
    if (error instanceof TooManyRequestsError) return errorResponse(c, 429, error.retryAfterSeconds);
    reportUnexpected(c, error);
    // A store that did not answer is an outage, not a bug in this page: 503 says "come back".
    return errorResponse(c, error instanceof UnavailableError ? 503 : 500);
  });
  return app;
}

/** The status an API caller gets for an error (visitors get the matching page). */
function apiStatusOf(error: unknown): 400 | 403 | 404 | 413 | 429 | 500 | 503 {
  if (error instanceof InvalidInputError) return 400;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof PayloadTooLargeError) return 413;
  if (error instanceof TooManyRequestsError) return 429;
  if (error instanceof UnavailableError) return 503;
  return 500;
}

function retryAfterHeader(error: unknown, status: number): Record<string, string> {
  if (error instanceof TooManyRequestsError) return { 'Retry-After': String(error.retryAfterSeconds) };
  return status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {};
}


