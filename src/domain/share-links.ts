/**
 * The share bar's links: plain addresses of each network's own share page, so sharing loads no
 * third-party script and tells no one anything until the visitor follows one. Public pages only:
 * a secret link must never be offered for sharing.
 */
export const SHARE_NETWORKS = ['linkedin', 'x', 'facebook', 'bluesky', 'whatsapp', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** Brand names, the same in every language; e-mail has a translated label instead. */
export const SHARE_NETWORK_NAMES: Readonly<Record<Exclude<ShareNetwork, 'email'>, string>> = {
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  bluesky: 'Bluesky',
  whatsapp: 'WhatsApp',
};

/** The analytics event a share link sends, with the network as its `network` property. */
export const SHARE_EVENT = 'Share to social network';

export interface ShareLink {
  readonly network: ShareNetwork;
  readonly href: string;
}

/** Each network's share address for a page's absolute URL and its title. */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const withTitle = encodeURIComponent(`${title} ${url}`);
  const hrefs: Record<ShareNetwork, string> = {
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    x: `https://x.com/intent/post?url=${u}&text=${encodeURIComponent(title)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    bluesky: `https://bsky.app/intent/compose?text=${withTitle}`,
    whatsapp: `https://wa.me/?text=${withTitle}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${u}`,
  };
  return SHARE_NETWORKS.map((network) => ({ network, href: hrefs[network] }));
}
