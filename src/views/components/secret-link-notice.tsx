/**
 * The banner atop a secret-link page, a story's or a gallery's: what the reader may do with what
 * is shared, and until when (texts chosen by the page, in the reader's language).
 */
export function SecretLinkNotice({ kind, label, title, body }: { kind: string; label: string; title: string; body: string }) {
  return (
    <aside className={`container-narrow share-notice share-notice-${kind}`} aria-label={label}>
      <p className="share-notice-title">
        <strong>{title}</strong>
      </p>
      <p className="share-notice-body">{body}</p>
    </aside>
  );
}
