/**
 * The HTML document in two parts (src/views/render.tsx joins them): `DocumentStart`, the start of
 * the head that the newsroom alone decides (charset, viewport, stylesheets, the browser bundle),
 * sent before the page's data is read; and `Document`, the page's own head (title, description,
 * links, social cards, JSON-LD) and body. With a newsroom context the body is wrapped in the
 * newsroom, translation and analytics contexts; without one (the newsroom not imported yet) it is bare.
 */
import type { ReactNode } from 'react';
import { CLIENT_CONFIG_ID, type ClientConfig } from '#src/client/config';
import type { PageClientConfig } from '#src/pages/browser-config';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import { ContextProviders } from './contexts';
import type { DocumentShell, NewsroomContextProps } from '#src/pages/model';
import type { HeadModel, OpenGraphModel } from '#src/pages/head';
import { CLIENT_ENTRY } from './client-assets';
import { scriptJson } from '#src/pages/script-json';
import { jsonLdText } from '#src/pages/structured-data';

export interface DocumentProps {
  readonly locale: string;
  readonly head: HeadModel;
  readonly context?: NewsroomContextProps | null;
  readonly siteDomains?: readonly string[];
  /** What the browser code needs (src/client/config.ts); absent on a bare page. */
  readonly client?: PageClientConfig | null;
  /** The HTTP status the page is sent with (error pages); 200 otherwise. */
  readonly status?: number;
  readonly children: ReactNode;
}

/** Open Graph and Twitter card tags; `property` for Open Graph, as its specification wants. */
function OpenGraph({ head, og }: { head: HeadModel; og: OpenGraphModel }) {
  return (
    <>
      <meta property="og:type" content={og.type} />
      <meta property="og:site_name" content={og.siteName} />
      <meta property="og:title" content={head.title} />
      {head.description ? <meta property="og:description" content={head.description} /> : null}
      <meta property="og:url" content={head.canonical} />
      <meta property="og:locale" content={og.locale} />
      {og.alternateLocales.map((locale) => (
        <meta key={locale} property="og:locale:alternate" content={locale} />
      ))}
      {og.image ? (
        <>
          <meta property="og:image" content={og.image.url} />
          <meta property="og:image:width" content={String(og.image.width)} />
          <meta property="og:image:height" content={String(og.image.height)} />
          {og.image.caption ? <meta property="og:image:alt" content={og.image.caption} /> : null}
        </>
      ) : null}
      {og.article ? (
        <>
          <meta property="article:published_time" content={og.article.publishedTime} />
          <meta property="article:modified_time" content={og.article.modifiedTime} />
          {og.article.author ? <meta property="article:author" content={og.article.author} /> : null}
          {og.article.section ? <meta property="article:section" content={og.article.section} /> : null}
          {og.article.tags.map((tag) => (
            <meta key={tag} property="article:tag" content={tag} />
          ))}
        </>
      ) : null}
      <meta name="twitter:card" content={og.image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={head.title} />
      {head.description ? <meta name="twitter:description" content={head.description} /> : null}
      {og.image ? <meta name="twitter:image" content={og.image.url} /> : null}
    </>
  );
}

/** What the browser code reads (`#newsroom-client`): the page's configuration and its status. */
function ClientConfigScript({ client, status }: { client: PageClientConfig; status: number }) {
  const config: ClientConfig = { ...client, pageStatus: status };
  return <script type="application/json" id={CLIENT_CONFIG_ID} dangerouslySetInnerHTML={{ __html: scriptJson(config) }} />;
}

/**
 * The head's first elements, in this order: the charset within the first bytes, the viewport, the
 * colour schemes, the stylesheets and the bundle, so the browser fetches them while the page's data
 * is read. A module script is deferred: it runs once the document is parsed, never blocking it.
 */
export function DocumentStart({ shell }: { shell: DocumentShell }) {
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {shell.colorScheme ? <meta name="color-scheme" content={shell.colorScheme} /> : null}
      {shell.themeColor ? <meta name="theme-color" content={shell.themeColor} /> : null}
      {shell.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {shell.clientScript ? <script type="module" src={CLIENT_ENTRY} /> : null}
    </>
  );
}

export function Document(props: DocumentProps) {
  const { head } = props;
  const body = props.context ? (
    <ContextProviders context={props.context} siteDomains={props.siteDomains ?? []}>
      {props.children}
      {props.client ? <ClientConfigScript client={props.client} status={props.status ?? 200} /> : null}
    </ContextProviders>
  ) : (
    props.children
  );
  return (
    <html lang={toBcp47(props.locale)} dir={textDirection(props.locale)}>
      <head>
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.indexable ? null : <meta name="robots" content="noindex, nofollow" />}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        {head.alternates.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        {head.icon ? <link rel="icon" href={head.icon} /> : null}
        {head.appleTouchIcon ? <link rel="apple-touch-icon" href={head.appleTouchIcon} /> : null}
        {head.siteVerification ? <meta name="google-site-verification" content={head.siteVerification} /> : null}
        {head.feeds?.map((feed) => <link key={feed.href} rel="alternate" type={feed.type} title={feed.title} href={feed.href} />)}
        {head.oembed ? <link rel="alternate" type="application/json+oembed" href={head.oembed.href} title={head.oembed.title} /> : null}
        {head.jsonAlternate ? <link rel="alternate" type="application/json" href={head.jsonAlternate} /> : null}
        {head.markdownAlternate ? <link rel="alternate" type="text/markdown" href={head.markdownAlternate} /> : null}
        {head.openGraph ? <OpenGraph head={head} og={head.openGraph} /> : null}
        {head.jsonLd && head.jsonLd.length > 0 ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(head.jsonLd) }} /> : null}
      </head>
      <body>
        {body}
      </body>
    </html>
  );
}
