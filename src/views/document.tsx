/**
 * The HTML document: doctype (React emits it for a rendered <html>), <html lang dir>, head
 * metadata, and the page shell. With a newsroom context the page is wrapped in the newsroom,
 * translation and analytics contexts; without one (the newsroom not imported yet) it is bare.
 */
import type { ReactNode } from 'react';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import { ContextProviders, type NewsroomContextProps } from './contexts';
import type { HeadModel } from './page-model';

export interface DocumentProps {
  readonly locale: string;
  readonly head: HeadModel;
  readonly stylesheet: string;
  readonly themeColor?: string | null;
  readonly context?: NewsroomContextProps | null;
  readonly siteDomains?: readonly string[];
  readonly children: ReactNode;
}

export function Document(props: DocumentProps) {
  const { head } = props;
  const body = props.context ? (
    <ContextProviders context={props.context} siteDomains={props.siteDomains ?? []}>
      {props.children}
    </ContextProviders>
  ) : (
    props.children
  );
  return (
    <html lang={toBcp47(props.locale)} dir={textDirection(props.locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.indexable ? null : <meta name="robots" content="noindex, nofollow" />}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        {head.alternates.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        {props.themeColor ? <meta name="theme-color" content={props.themeColor} /> : null}
        {head.icon ? <link rel="icon" href={head.icon} /> : null}
        {head.appleTouchIcon ? <link rel="apple-touch-icon" href={head.appleTouchIcon} /> : null}
        <link rel="stylesheet" href={props.stylesheet} />
      </head>
      <body>{body}</body>
    </html>
  );
}
