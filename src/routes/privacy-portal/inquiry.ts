/**
 * `POST /{locale}/newsroom/{uuid}/inquiry`: "Ask the press office" (docs/decisions/0054-the-inquiry-inbox.md),
 * posted by the form on a story page, a gallery page or the home page (src/views/components/inquiry-form.tsx).
 * It goes through the portal's guards (posts from other sites refused and bodies bounded before
 * this, src/middleware/request-limits.ts; the per-client limit, the honeypot and Turnstile here;
 * the sender's daily quota in the store's batch), reads the page the form names (`from`) again
 * with that page's own visibility rules (a story that is not public only through its secret
 * link), and answers 303 back to that page at `#inquiry-sent`. A post with a mistake gets the
 * portal's inquiry page: the form again, filled in, with SPEC's messages, and nothing is stored.
 * Every answer here is private (POST responses are never in the page cache).
 */
import type { Context } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/deps';
import { inquiryPath, readInquiry, type InquiryAbout, type InquiryErrors, type InquiryValues } from '#src/domain/inquiry';
import type { SiteContext } from '#src/domain/ports';
import { siteNameFor } from '#src/domain/newsroom';
import { NotFoundError } from '#src/domain/errors';
import { isPubliclyVisible, type Story } from '#src/domain/story';
import { redirect } from '#src/http/redirect';
import { embeddablePage, urlContextOf, urls } from '#src/i18n/urls';
import { findGallery } from '#src/pages/galleries';
import { inquiryFormModel, INQUIRY_SENT_FRAGMENT } from '#src/pages/inquiry-form';
import { findSharedStory } from '#src/pages/secret-story';
import { submitInquiry } from '#src/press-desk/inquiries';
import { logFailure } from '#src/log';
import type { InquiryFields } from './forms';
import { portalPage, portalSite } from './page';
import { deliverMailLater, isRobot, limitPortalPosts, now, turnstileAnswer } from './post';

function storyAbout(site: SiteContext, story: Story, path: string): InquiryAbout {
  const ids = new Set(story.categories.map((category) => category.id));
  return { kind: 'story', uuid: story.uuid, title: story.title, path, categories: site.categories.filter((category) => ids.has(category.id)).map((category) => category.key) };
}

async function publicStory(deps: Deps, slug: string): Promise<Story> {
  const story = (await deps.content.getStoryPage(slug, 0))?.story;
  if (!story || !isPubliclyVisible(story)) throw new NotFoundError(`Story ${slug}`);
  return story;
}

/**
 * What the form's page is about, read as that page reads it: a secret link's story (kept under
 * its public address, never the secret one), a public story, a public gallery, or a home page.
 * Any other address, or a story that is not public named by its slug, is a 404.
 */
async function aboutOf(deps: Deps, site: SiteContext, from: string): Promise<InquiryAbout> {
  const secret = /^\/s\/([^/?#]+)$/.exec(from);
  if (secret) {
    // The link's story as the secret page finds it (gone public meanwhile: the public story).
    const { story } = await findSharedStory(deps, secret[1]!);
    return storyAbout(site, story, urls.story(story.slug));
  }
  if (from.startsWith('/') && !from.startsWith('//')) {
    const page = embeddablePage(site, urls.absolute(site.newsroom.url, from));
    if (page?.kind === 'story') return storyAbout(site, await publicStory(deps, page.slug), from);
    if (page?.kind === 'gallery') {
      const gallery = await findGallery(deps, page.uuid);
      return { kind: 'gallery', uuid: gallery.uuid, title: gallery.title, path: from, categories: [] };
    }
    const ctx = urlContextOf(site);
    if (site.languages.some((language) => urls.home(ctx, language.code) === from)) return { kind: 'newsroom', uuid: null, title: '', path: from, categories: [] };
  }
  throw new NotFoundError('Inquiry page');
}

export async function inquiryPost(c: Context<AppEnv>, form: z.output<typeof InquiryFields>): Promise<Response> {
  const { site, locale } = portalSite(c);
  const { deps } = c.var;
  // The portal's per-client limit: the same budget as its other forms.
  await limitPortalPosts(c);
  const from = form.from;
  const back = () => redirect(c, `${from}#${INQUIRY_SENT_FRAGMENT}`, 303);
  // A robot filled the field people never see: answered as a success, nothing done.
  if (isRobot(form)) return back();
  const values: InquiryValues = { name: form.name, email: form.email, outlet: form.outlet, subject: form.subject, message: form.message, deadline: form.deadline };
  const again = (errors: InquiryErrors, failed: boolean, status: 200 | 400 | 429 | 503) =>
    portalPage(c, site, locale, { kind: 'inquiry', form: { ...inquiryFormModel(site, locale, from), values, errors, failed, turnstileSiteKey: deps.config.turnstile?.siteKey ?? null } }, status);
  const read = readInquiry(values);
  if (!read.ok) return again(read.errors, false, 400);
  // The story page's form has no widget (no third party on public pages): the form comes back with it.
  const turnstile = await turnstileAnswer(c, form);
  if (turnstile === 'missing') return again({}, false, 200);
  if (turnstile === 'refused') return again({}, true, 400);
  // What the form is about, read last: robots and mistakes cost no D1 read.
  const about = await aboutOf(deps, site, from);
  try {
    const uuid = crypto.randomUUID();
    const { outcome } = await submitInquiry(deps.inquiries, {
      uuid,
      locale,
      about,
      input: read.input,
      newsroom: siteNameFor(site, locale),
      defaultInbox: deps.config.inquiries.inbox,
      officeLink: (id) => urls.absolute(site.newsroom.url, inquiryPath(id)),
      now: now(),
    });
    // Over the sender's daily quota: nothing kept, nothing mailed; the form says to try again.
    if (outcome === 'over-quota') return again({}, true, 429);
    deliverMailLater(c);
  } catch (failure) {
    logFailure('Inquiry failed', { error: String(failure), locale });
    return again({}, true, 503);
  }
  return back();
}
