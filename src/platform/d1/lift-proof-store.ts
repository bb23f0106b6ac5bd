/**
 * The proof of lifts over D1 (src/domain/lift-proof.ts; migrations/0021_lift_proof.sql), run by a
 * StatementRunner: the worker's binding for the job and the office view, the CLI's local or
 * deployed database for `npm run share -- <slug> --list`. Every statement is prepared with bound
 * parameters; a row is made once (ON CONFLICT DO NOTHING), a first sighting is written once
 * (`first_seen_at IS NULL`), and a missing surface is claimed for its report once (`reported_at
 * IS NULL`, UPDATE … RETURNING), so the job may run any number of times for the same lift.
 */
import { proofLines, type LiftedStory, type LiftProof, type LiftProofRow, type LiftProofStore } from '#src/domain/lift-proof';
import type { SqlStatement, StatementRunner } from './sql-statement';

const ROW_COLUMNS = 'p.story_uuid, p.lifted_at, p.surface, p.address, p.first_seen_at, p.reported_at';

/** Rows in the order the job listed the surfaces (their insertion order). */
const rowsOfLift = (storyUuid: string, liftedAt: number): SqlStatement => ({
  sql: `SELECT ${ROW_COLUMNS} FROM lift_proofs p WHERE p.story_uuid = ?1 AND p.lifted_at = ?2 ORDER BY p.rowid`,
  params: [storyUuid, liftedAt],
});

interface StoryRow {
  uuid: string;
  slug: string;
  locale: string;
  title: string;
  published_at: number;
  category_ids: string;
  tags: string;
  is_public: number;
  alerts: number | null;
  handed_at: number | null;
}

interface LiftRow extends LiftProofRow {
  slug: string | null;
  locale: string | null;
}

/** Rows of several lifts, grouped by lift in the order met, each made the proof's lines. */
function groupLifts(rows: readonly LiftRow[]): LiftProof[] {
  const lifts = new Map<string, { head: LiftRow; rows: LiftProofRow[] }>();
  for (const row of rows) {
    const key = `${row.story_uuid} ${row.lifted_at}`;
    const lift = lifts.get(key) ?? { head: row, rows: [] };
    lift.rows.push(row);
    lifts.set(key, lift);
  }
  return [...lifts.values()].map(({ head, rows: liftRows }) => ({ storyUuid: head.story_uuid, slug: head.slug ?? '', locale: head.locale ?? '', liftedAt: head.lifted_at, lines: proofLines(liftRows) }));
}

export class D1LiftProofStore implements LiftProofStore {
  constructor(private readonly db: StatementRunner) {}

  async liftedStory(uuid: string): Promise<LiftedStory | null> {
    const [row] = await this.db.query<StoryRow>({
      sql: `SELECT s.uuid, s.slug, s.locale, s.title, s.published_at, (s.status = 'published' AND s.visibility = 'public') AS is_public,
              (SELECT json_group_array(sc.category_id) FROM story_categories sc WHERE sc.story_id = s.id) AS category_ids,
              (SELECT json_group_array(t.tag) FROM story_tags t WHERE t.story_id = s.id) AS tags,
              e.alerts, e.handed_at
            FROM stories s LEFT JOIN publish_events e ON e.story_uuid = s.uuid WHERE s.uuid = ?1`,
      params: [uuid],
    });
    if (!row) return null;
    return {
      uuid: row.uuid,
      slug: row.slug,
      locale: row.locale,
      title: row.title,
      published_at: row.published_at,
      category_ids: JSON.parse(row.category_ids) as number[],
      tags: (JSON.parse(row.tags) as string[]).sort(),
      is_public: row.is_public === 1,
      alerts: row.alerts === null ? null : row.alerts === 1,
      alerts_handed_at: row.handed_at,
    };
  }

  async start(storyUuid: string, liftedAt: number, surfaces: readonly { readonly name: string; readonly address: string }[]): Promise<LiftProofRow[]> {
    if (surfaces.length > 0) {
      await this.db.write(
        surfaces.map((surface) => ({
          sql: 'INSERT INTO lift_proofs (story_uuid, lifted_at, surface, address) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING',
          params: [storyUuid, liftedAt, surface.name, surface.address],
        })),
      );
    }
    return this.db.query<LiftProofRow>(rowsOfLift(storyUuid, liftedAt));
  }

  async markSeen(storyUuid: string, liftedAt: number, surfaces: readonly string[], at: number): Promise<void> {
    if (surfaces.length === 0) return;
    await this.db.write([
      {
        sql: 'UPDATE lift_proofs SET first_seen_at = ?4 WHERE story_uuid = ?1 AND lifted_at = ?2 AND surface IN (SELECT value FROM json_each(?3)) AND first_seen_at IS NULL',
        params: [storyUuid, liftedAt, JSON.stringify(surfaces), at],
      },
    ]);
  }

  claimMissing(storyUuid: string, liftedAt: number, at: number): Promise<LiftProofRow[]> {
    return this.db.query<LiftProofRow>({
      sql: `UPDATE lift_proofs SET reported_at = ?3 WHERE story_uuid = ?1 AND lifted_at = ?2 AND first_seen_at IS NULL AND reported_at IS NULL
            RETURNING story_uuid, lifted_at, surface, address, first_seen_at, reported_at`,
      params: [storyUuid, liftedAt, at],
    });
  }

  async proofsOf(slug: string): Promise<LiftProof[]> {
    const rows = await this.db.query<LiftRow>({
      sql: `SELECT ${ROW_COLUMNS}, s.slug, s.locale FROM lift_proofs p JOIN stories s ON s.uuid = p.story_uuid
            WHERE s.translation_group = (SELECT translation_group FROM stories WHERE slug = ?1)
            ORDER BY p.lifted_at DESC, s.locale = (SELECT locale FROM stories WHERE slug = ?1) DESC, s.locale, p.story_uuid, p.rowid`,
      params: [slug],
    });
    return groupLifts(rows);
  }

  async recentProofs(limit: number): Promise<LiftProof[]> {
    const rows = await this.db.query<LiftRow>({
      sql: `SELECT ${ROW_COLUMNS}, s.slug, s.locale FROM (SELECT DISTINCT story_uuid, lifted_at FROM lift_proofs ORDER BY lifted_at DESC LIMIT ?1) l
            JOIN lift_proofs p ON p.story_uuid = l.story_uuid AND p.lifted_at = l.lifted_at LEFT JOIN stories s ON s.uuid = p.story_uuid
            ORDER BY p.lifted_at DESC, p.story_uuid, p.rowid`,
      params: [limit],
    });
    return groupLifts(rows);
  }
}
