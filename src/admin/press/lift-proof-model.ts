/**
 * The proof of the latest lifts on the press office view (docs/decisions/0052-a-lift-that-proves-itself.md):
 * the lines `npm run share -- <slug> --list` prints (src/domain/lift-proof.ts), with times in the
 * newsroom's time zone.
 */
import type { LiftProof } from '#src/domain/lift-proof';
import { formatOfficeTime } from './office-time';

/** One surface of a lift's proof (docs/decisions/0052-a-lift-that-proves-itself.md). */
export interface OfficeProofLine {
  readonly surface: string;
  readonly address: string;
  /** When first seen, in the newsroom's time zone; null: missing. */
  readonly firstSeen: string | null;
  readonly secondsAfter: number | null;
  /** Missing at the end of the window (logged and reported). */
  readonly late: boolean;
}

/** The proof of one lift the minute cron made: the same lines as `npm run share -- <slug> --list`. */
export interface OfficeLift {
  readonly slug: string;
  readonly locale: string;
  readonly liftedAt: string;
  readonly missing: number;
  readonly lines: readonly OfficeProofLine[];
}

export function officeLifts(proofs: readonly LiftProof[], timeZone: string): OfficeLift[] {
  return proofs.map((proof) => ({
    slug: proof.slug,
    locale: proof.locale,
    liftedAt: formatOfficeTime(proof.liftedAt, timeZone),
    missing: proof.lines.filter((line) => line.firstSeenAt === null).length,
    lines: proof.lines.map((line) => ({
      surface: line.surface,
      address: line.address,
      firstSeen: line.firstSeenAt === null ? null : formatOfficeTime(line.firstSeenAt, timeZone),
      secondsAfter: line.secondsAfter,
      late: line.late,
    })),
  }));
}
