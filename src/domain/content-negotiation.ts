/**
 * Which representation of a page a client asked for (RFC 9110 section 12.5.1): Markdown when its
 * Accept header rates `text/markdown` above `text/html` (ranges such as `text/*` and `*\/*` count
 * for HTML), HTML otherwise, ties included: browsers never name Markdown, and a client that rates
 * both the same gets the page as it is. The page cache keys on this same answer.
 */
export function prefersMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const ranges = accept
    .slice(0, 1000)
    .split(',')
    .map((part) => {
      const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = params.find((param) => param.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { range, quality: Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0 };
    });
  const qualityOf = (...candidates: string[]) => {
    for (const candidate of candidates) {
      const found = ranges.find(({ range }) => range === candidate);
      if (found) return found.quality;
    }
    return 0;
  };
  const markdown = qualityOf('text/markdown', 'text/x-markdown');
  return markdown > 0 && markdown > qualityOf('text/html', 'text/*', '*/*');
}
