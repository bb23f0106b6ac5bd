/** The frame of every newsroom page: the document with its head and contexts, then the layout. */
import type { ReactNode } from 'react';
import { Document } from '../document';
import type { LayoutModel } from '#src/pages/model';
import { Layout } from './layout';

export function NewsroomPage({ layout, children }: { layout: LayoutModel; children: ReactNode }) {
  return (
    <Document
      locale={layout.context.localeCode}
      head={layout.head}
      context={layout.context}
      siteDomains={layout.siteDomains}
      client={layout.client}
    >
      <Layout layout={layout}>{children}</Layout>
    </Document>
  );
}
