/**
 * A one-line progress bar for the import CLI's uploads.
 *
 * On a terminal the line is redrawn in place with a carriage return. Anywhere else (CI logs,
 * pipes, files) a carriage return leaves a pile of half lines, so only the 0/25/50/75/100 %
 * milestones are printed, each on its own line.
 */

/** The part of a stream the reporter uses; process.stderr fits, and so does a test double. */
export interface ProgressStream {
  write(chunk: string): unknown;
  readonly isTTY?: boolean;
}

export interface ProgressReporter {
  /** Shaped like uploadNewMedia's onProgress, so it can be passed straight through. */
  readonly update: (percent: number, done: number, total: number) => void;
  /** Ends the bar's line on a terminal, so the next message starts on a fresh one. */
  readonly finish: () => void;
}

const MILESTONE = 25;

/** `[#############.................]  45% 3/7`: the bar and percent round down, so 100 means done. */
export function renderProgressBar(percent: number, done: number, total: number, width = 30): string {
  const clamped = clampPercent(percent);
  const cells = Math.max(1, Math.floor(width));
  const filled = Math.floor((clamped / 100) * cells);
  const label = `${Math.floor(clamped)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'.'.repeat(cells - filled)}] ${label} ${done}/${total}`;
}

export function createProgressReporter(stream: ProgressStream = process.stderr): ProgressReporter {
  const tty = stream.isTTY === true;
  let lastLine: string | null = null;
  let lastMilestone = -1;

  const update = (percent: number, done: number, total: number) => {
    const line = renderProgressBar(percent, done, total);
    if (tty) {
      // Progress events come much faster than the line changes; skip redraws that change nothing.
      if (line === lastLine) return;
      lastLine = line;
      stream.write(`\r${line}`);
      return;
    }
    const milestone = Math.floor(clampPercent(percent) / MILESTONE);
    if (milestone <= lastMilestone) return;
    lastMilestone = milestone;
    stream.write(`${line}\n`);
  };

  const finish = () => {
    if (tty && lastLine !== null) stream.write('\n');
    lastLine = null;
  };

  return { update, finish };
}

function clampPercent(percent: number): number {
  if (Number.isNaN(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}
