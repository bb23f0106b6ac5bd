/**
 * Videos from YouTube and Vimeo as players that load only when the visitor presses play: until
 * then the page shows our own poster and a link to the video, and the host never hears of the
 * visit. The page carries the provider and the video id, never a player address: the browser
 * builds that from the fixed templates below, so a content file cannot point a frame anywhere
 * else, and the page's CSP allows exactly these origins (`frame-src`) on pages that have a player.
 */
import { webAddressOf } from './web-address';

export type VideoProvider = 'youtube' | 'vimeo';

interface ProviderRule {
  /** The host's name, as the page tells the visitor where the video comes from. */
  readonly name: string;
  /** The player's origin: YouTube's privacy-enhanced host, Vimeo's player with do-not-track. */
  readonly playerOrigin: string;
  readonly idPattern: RegExp;
  readonly playerPath: (id: string) => string;
}

export const VIDEO_PROVIDERS: Readonly<Record<VideoProvider, ProviderRule>> = {
  youtube: {
    name: 'YouTube',
    playerOrigin: 'https://www.youtube-nocookie.com',
    idPattern: /^[A-Za-z0-9_-]{11}$/,
    playerPath: (id) => `/embed/${id}?autoplay=1&rel=0`,
  },
  vimeo: {
    name: 'Vimeo',
    playerOrigin: 'https://player.vimeo.com',
    idPattern: /^[0-9]{1,12}$/,
    playerPath: (id) => `/video/${id}?autoplay=1&dnt=1`,
  },
};

export interface VideoEmbed {
  readonly provider: VideoProvider;
  readonly id: string;
}

function isProvider(value: string): value is VideoProvider {
  return Object.hasOwn(VIDEO_PROVIDERS, value);
}

/**
 * The player a video page address stands for, or null when it is not one we can play:
 * `youtube.com/watch?v=ID`, `youtu.be/ID`, `youtube.com/embed/ID`, `youtube.com/shorts/ID`,
 * `vimeo.com/ID`, `player.vimeo.com/video/ID`.
 */
export function videoEmbedOf(address: string): VideoEmbed | null {
  const url = webAddressOf(address);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: VideoEmbed | null = null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = segments[0] === 'watch' ? url.searchParams.get('v') : segments[0] === 'embed' || segments[0] === 'shorts' ? segments[1] : null;
    candidate = id ? { provider: 'youtube', id } : null;
  } else if (host === 'youtu.be') {
    candidate = segments[0] ? { provider: 'youtube', id: segments[0] } : null;
  } else if (host === 'vimeo.com') {
    candidate = segments.length === 1 ? { provider: 'vimeo', id: segments[0]! } : null;
  } else if (host === 'player.vimeo.com') {
    candidate = segments[0] === 'video' && segments[1] ? { provider: 'vimeo', id: segments[1] } : null;
  }
  return candidate && VIDEO_PROVIDERS[candidate.provider].idPattern.test(candidate.id) ? candidate : null;
}

/** The player's address for a provider and id read back from a page; null for anything else. */
export function playerUrl(provider: string, id: string): string | null {
  if (!isProvider(provider)) return null;
  const rule = VIDEO_PROVIDERS[provider];
  return rule.idPattern.test(id) ? `${rule.playerOrigin}${rule.playerPath(id)}` : null;
}

/** The attribute a player's figure carries; `data-video-id` holds the id. */
export const PLAYER_ATTRIBUTE = 'data-player';

/** A player's figure as the import writes it (class first, then the provider). */
const PLAYER_IN_HTML = /<figure class="video-player[^"]*" data-player="([a-z]+)"/g;

/** The player origins a rendered story body needs in its page's `frame-src`. */
export function playerOriginsInHtml(html: string): string[] {
  const origins = new Set<string>();
  for (const match of html.matchAll(PLAYER_IN_HTML)) {
    if (isProvider(match[1]!)) origins.add(VIDEO_PROVIDERS[match[1]].playerOrigin);
  }
  return [...origins];
}

/** The player origins of a list of videos (a gallery's). */
export function playerOriginsOf(videos: readonly VideoEmbed[]): string[] {
  return [...new Set(videos.map((video) => VIDEO_PROVIDERS[video.provider].playerOrigin))];
}

/** "youtube.com" for a link card: the host a link leads to, without `www.`. */
export function displayHost(address: string): string {
  try {
    return new URL(address).hostname.replace(/^www\./, '');
  } catch {
    return address;
  }
}
