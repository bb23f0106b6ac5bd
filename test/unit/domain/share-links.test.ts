import { expect, test } from 'vitest';
import { SHARE_NETWORKS, shareLinks } from '#src/domain/share-links';

test('each network’s own share address, with the page’s address and title encoded', () => {
  const links = Object.fromEntries(shareLinks('https://news.example/a?b=1&c=2', 'Wind & sun: 100%').map((link) => [link.network, link.href]));
  expect(Object.keys(links)).toEqual([...SHARE_NETWORKS]);
  expect(links).toEqual({
    linkedin: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D2',
    x: 'https://x.com/intent/post?url=https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D2&text=Wind%20%26%20sun%3A%20100%25',
    facebook: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D2',
    bluesky: 'https://bsky.app/intent/compose?text=Wind%20%26%20sun%3A%20100%25%20https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D2',
    whatsapp: 'https://wa.me/?text=Wind%20%26%20sun%3A%20100%25%20https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D2',
    email: 'mailto:?subject=Wind%20%26%20sun%3A%20100%25&body=https%3A%2F%2Fnews.example%2Fa%3Fb%3D1%26c%3D2',
  });
});
