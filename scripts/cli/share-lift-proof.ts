/**
 * The proof of a story's lift, printed by `npm run share -- <slug> --list` after its recipients
 * (docs/decisions/0052-a-lift-that-proves-itself.md): for each time the minute cron lifted the
 * story or a translation, one line per public surface: its name, when the worker first saw the
 * story there (UTC) and how many seconds after the lift, or `missing`; and the address asked.
 * The same lines as the office view's (/admin/press).
 */
import { proofLineText, type LiftProofStore } from '#src/domain/lift-proof';
import type { CliContext } from './cli-context';

const utc = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

export async function printLiftProof(store: Pick<LiftProofStore, 'proofsOf'>, slug: string, context: Pick<CliContext, 'out'>): Promise<void> {
  const proofs = await store.proofsOf(slug);
  if (proofs.length === 0) {
    context.out('No lift to prove: the proof is made when the minute cron makes the story (or a translation) live.');
    return;
  }
  for (const proof of proofs) {
    const missing = proof.lines.filter((line) => line.firstSeenAt === null).length;
    context.out(`Lift of ${proof.slug} (${proof.locale}) at ${utc(proof.liftedAt)}: ${missing === 0 ? `seen on all ${proof.lines.length} surfaces` : `${missing} of ${proof.lines.length} surfaces missing`}`);
    for (const line of proof.lines) context.out(proofLineText(line));
  }
}
