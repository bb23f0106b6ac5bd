/** Two files every newsroom answers at fixed addresses: a press contact's vCard and /favicon.ico. */
import { Hono } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { contactsByKeys } from '#src/domain/contact';
import { NotFoundError } from '#src/domain/errors';
import { defaultLanguage } from '#src/domain/newsroom';
import { toVCard } from '#src/domain/vcard';
import { cacheRules } from '#src/http/cache-rules';
import { requireSite } from '#src/http/require-site';
import { absoluteImage, siteIcons } from '#src/pages/layout';
import { redirect } from '#src/http/redirect';

export const siteFiles = new Hono<AppEnv>();

// A press contact as a vCard (RFC 6350), for the visitor's address book.
siteFiles.get('/contacts/:file{[a-z0-9][a-z0-9_-]*\\.vcf}', (c) => {
  const site = requireSite(c);
  const key = c.req.param('file').slice(0, -'.vcf'.length);
  const [contact] = contactsByKeys(site.contacts, [key]);
  if (!contact) throw new NotFoundError(`Contact ${key}`);
  const locale = contact.locales[0] ?? defaultLanguage(site.languages).code;
  const photo = absoluteImage(contact.avatar, c.var.deps.config.mediaRoot, site.newsroom.url, 400);
  return c.body(toVCard(contact, { photoUrl: photo?.url ?? null, locale }), 200, {
    'Content-Type': 'text/vcard; charset=utf-8',
    'Content-Disposition': `attachment; filename="${key}.vcf"`,
    'Cache-Control': cacheRules.page,
  });
});

// Browsers and crawlers ask for /favicon.ico whatever the page says: point them at the icon
// (served by this worker), or pass the CDN's icon through (a redirect never leaves the site).
siteFiles.get('/favicon.ico', async (c) => {
  const icon = siteIcons(requireSite(c), c.var.deps.config.mediaRoot).icon;
  if (!icon) throw new NotFoundError('Favicon');
  if (icon.startsWith('/')) return redirect(c, icon, 302);
  const upstream = await fetch(icon);
  if (!upstream.ok) throw new NotFoundError('Favicon');
  return new Response(upstream.body, { headers: { 'Content-Type': upstream.headers.get('Content-Type') ?? 'image/png', 'Cache-Control': cacheRules.page } });
});
