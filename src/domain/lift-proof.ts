/**
 * A lift that proves itself (docs/decisions/0052-a-lift-that-proves-itself.md): when the minute
 * cron makes a story live, a queue job checks, within PROOF_WINDOW_SECONDS, every public surface
 * the story should now be on, and records per surface when it first saw the story there. Here
 * the rules as plain functions (when to check again, how a proof reads) and the store's port
 * (D1: src/platform/d1/lift-proof-store.ts). Which surfaces a story should be on is
 * src/jobs/lift-surfaces.ts (it builds addresses, with i18n/urls.ts); how each answer is read is
 * src/jobs/lift-checks.ts; the job, src/jobs/lift-proof.ts.
 */

/** The promise of ADR 0015: lists, feeds, sitemaps and search show a lifted story within 60 s. */
export const PROOF_WINDOW_SECONDS = 60;

/** Between two checks of the surfaces still missing: four checks fit in the window. */
export const RECHECK_SECONDS = 15;

/**
 * The queue delivers a message at most `max_retries` + 1 times (wrangler.toml: 5): the last
 * delivery the proof may use for a re-check, after which it concludes whatever the clock says.
 */
export const LAST_PROOF_ATTEMPT = 5;

/** How a surface's answer is read (src/jobs/lift-checks.ts). */
export type SurfaceCheck =
  /** The story's page: 200, and indexable (no `noindex` in its robots meta or X-Robots-Tag) when the newsroom is. */
  | 'page'
  /** The story's Markdown form: 200, naming its public address as canonical (its Link header). */
  | 'markdown'
  /** The story's JSON form: 200, its `uuid`. */
  | 'story-json'
  /** RSS, Atom or JSON Feed: an item whose link is the story's public address. */
  | 'rss'
  | 'atom'
  | 'json-feed'
  /** The sitemap index, followed to the language's story sitemaps: a `<loc>` of the story. */
  | 'sitemap-index'
  /** One sitemap (the news sitemap): a `<loc>` of the story. */
  | 'sitemap'
  /** `/api/search`: a hit with the story's uuid, answered by the backend named (an engine's fallback answer does not count). */
  | 'search'
  /** llms.txt: a link to the story (its Markdown form or its page). */
  | 'llms'
  /** POST /api/fetch-stories: the story in `stories`. */
  | 'api-stories'
  /** Not an address: the story's go-live alerts handed to the queue (its publish event). */
  | 'alerts';

/** One public surface a lifted story should be on. */
export interface Surface {
  /** Stable name, printed in the proof: `page`, `feed:atom`, `category-feed:wind-power:json`, … */
  readonly name: string;
  readonly check: SurfaceCheck;
  /** Site-relative path asked (for `alerts`, a description of the rows looked at). */
  readonly path: string;
  /** For `search`: which backend must answer (`d1` asks the worker with D1's own index). */
  readonly backend?: 'configured' | 'd1';
}

/** A story as its proof needs it. */
export interface LiftedStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  /** Its release time (the news sitemap lists stories of the last two days by it). */
  readonly published_at: number;
  readonly category_ids: readonly number[];
  readonly tags: readonly string[];
  /** Still public now (it may have been withdrawn since the lift). */
  readonly is_public: boolean;
  /** Its publish event wants alerts (story and newsroom switches). Null: no event. */
  readonly alerts: boolean | null;
  /** When its publish event was handed to the queue; null: not yet. */
  readonly alerts_handed_at: number | null;
}

/** What D1 holds of one surface of one lift. */
export interface LiftProofRow {
  readonly story_uuid: string;
  readonly lifted_at: number;
  readonly surface: string;
  readonly address: string;
  readonly first_seen_at: number | null;
  readonly reported_at: number | null;
}

/** A proof as the CLI and the office view show it. */
export interface ProofLine {
  readonly surface: string;
  readonly address: string;
  /** Epoch seconds; null: missing. */
  readonly firstSeenAt: number | null;
  /** Seconds after the lift it was first seen; null: missing. */
  readonly secondsAfter: number | null;
  /** Still missing at the end of the window (logged and reported). */
  readonly late: boolean;
}

/** One lift of one story, with its lines in the order the surfaces were listed. */
export interface LiftProof {
  readonly storyUuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly liftedAt: number;
  readonly lines: readonly ProofLine[];
}

export function proofLines(rows: readonly LiftProofRow[]): ProofLine[] {
  return rows.map((row) => ({
    surface: row.surface,
    address: row.address,
    firstSeenAt: row.first_seen_at,
    secondsAfter: row.first_seen_at === null ? null : Math.max(0, row.first_seen_at - row.lifted_at),
    late: row.first_seen_at === null ? row.reported_at !== null : row.first_seen_at - row.lifted_at > PROOF_WINDOW_SECONDS,
  }));
}

/** One line of a proof as text: `surface  first seen (UTC)  +Ns`, or `missing`. */
export function proofLineText(line: ProofLine): string {
  if (line.firstSeenAt === null) return `${line.surface}\tmissing${line.late ? ` (reported after ${PROOF_WINDOW_SECONDS} s)` : ''}\t${line.address}`;
  const at = new Date(line.firstSeenAt * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  return `${line.surface}\t${at}\t+${line.secondsAfter} s\t${line.address}`;
}

/** After a check at `now` that left surfaces missing: check again in a while, or conclude. */
export type NextStep = { readonly kind: 'recheck'; readonly delaySeconds: number } | { readonly kind: 'conclude' };

export function nextStep(input: { readonly now: number; readonly liftedAt: number; readonly attempt: number }): NextStep {
  const deadline = input.liftedAt + PROOF_WINDOW_SECONDS;
  if (input.now >= deadline || input.attempt >= LAST_PROOF_ATTEMPT) return { kind: 'conclude' };
  return { kind: 'recheck', delaySeconds: Math.max(1, Math.min(RECHECK_SECONDS, deadline - input.now)) };
}

/** Where the proof of lifts is kept (D1: src/platform/d1/lift-proof-store.ts). */
export interface LiftProofStore {
  /** The story as its proof needs it; null when it is gone. */
  liftedStory(uuid: string): Promise<LiftedStory | null>;
  /** The rows of a lift, made first for surfaces it has none for (a surface already there keeps its row). */
  start(storyUuid: string, liftedAt: number, surfaces: readonly { readonly name: string; readonly address: string }[]): Promise<LiftProofRow[]>;
  /** Records `at` as first seen for these surfaces (those already seen keep their time). */
  markSeen(storyUuid: string, liftedAt: number, surfaces: readonly string[], at: number): Promise<void>;
  /** Marks the surfaces still missing as reported and returns them: each is returned once, ever. */
  claimMissing(storyUuid: string, liftedAt: number, at: number): Promise<LiftProofRow[]>;
  /** The lifts of the story with this slug and of its translations, newest first, with their rows. */
  proofsOf(slug: string): Promise<LiftProof[]>;
  /** The latest lifts of any story, newest first. */
  recentProofs(limit: number): Promise<LiftProof[]>;
}

/** The job's answer when surfaces are still missing inside the window: the queue delivers it again after the delay. */
export class RecheckLater extends Error {
  override readonly name = 'RecheckLater';
  constructor(
    readonly delaySeconds: number,
    readonly missing: readonly string[],
  ) {
    super(`${missing.length} surface(s) not seen yet; checking again in ${delaySeconds} s`);
  }
}
