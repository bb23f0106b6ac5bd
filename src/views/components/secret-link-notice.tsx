/**
 * The banner atop a secret-link page, a story's or a gallery's: what the reader may do with what
 * is shared, and until when (texts chosen by the page, in the reader's language); on a
 * recipient's page, a link to their own page besides.
 */
export function SecretLinkNotice({ kind, label, title, body, link = null }: { kind: string; label: string; title: string; body: string; link?: { href: string; text: string } | null }) {
  return (
    <aside className={`container-narrow share-notice share-notice-${kind}`} aria-label={label}>
      <p className="share-notice-title">
        <strong>{title}</strong>
      </p>
      <p className="share-notice-body">{body}</p>
      {link ? (
        <p className="share-notice-link">
          <a href={link.href}>{link.text}</a>
        </p>
      ) : null}
    </aside>
  );
}
