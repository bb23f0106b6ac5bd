/**
 * Progress and results of uploading several files at once (docs/spec-coverage.md section 4), for the import
 * CLI's progress bar. Per-item progress runs from 0 to 100 and only moves up: uploads report
 * progress from several sources (chunks, retries), and a bar that jumps back looks broken.
 * The batch is the average of its items and finishes once every item has succeeded or failed;
 * one failure never stops the others, so a single bad file does not cost a whole import.
 */

const MIN_PROGRESS = 0;
const MAX_PROGRESS = 100;

/** Progress of a batch at one moment. Every change gives a new value; unchanged input gives `this`. */
export class BatchProgress {
  /** Per-item progress, 0-100. */
  readonly items: readonly number[];
  /** Per-item: has it succeeded or failed? */
  readonly settled: readonly boolean[];

  private constructor(items: readonly number[], settled: readonly boolean[]) {
    this.items = Object.freeze([...items]);
    this.settled = Object.freeze([...settled]);
    Object.freeze(this);
  }

  static start(count: number): BatchProgress {
    return new BatchProgress(new Array<number>(count).fill(MIN_PROGRESS), new Array<boolean>(count).fill(false));
  }

  /** Batch progress: the average of the items. An empty batch has nothing left to do, so 100. */
  get percent(): number {
    if (this.items.length === 0) return MAX_PROGRESS;
    return this.items.reduce((sum, value) => sum + value, 0) / this.items.length;
  }

  get isFinished(): boolean {
    return this.settled.every(Boolean);
  }

  /** Records `value` for item `index`, capped at 100; lower values and NaN are ignored. */
  report(index: number, value: number): BatchProgress {
    const current = this.items[index];
    if (current === undefined || Number.isNaN(value)) return this;
    const next = Math.min(value, MAX_PROGRESS);
    if (next <= current) return this;
    return new BatchProgress(replaced(this.items, index, next), this.settled);
  }

  /** Marks item `index` as done (succeeded or failed): a finished item counts as 100. */
  settle(index: number): BatchProgress {
    if (this.settled[index] !== false) return this;
    return new BatchProgress(replaced(this.items, index, MAX_PROGRESS), replaced(this.settled, index, true));
  }
}

export interface UploadFailure<T> {
  readonly item: T;
  readonly error: unknown;
}

/** Outcome of a batch, each list in the order the items were given. */
export interface UploadResults<T, R> {
  readonly successful: R[];
  readonly failed: UploadFailure<T>[];
}

/** Reports one item's progress, 0-100. */
export type ReportProgress = (percent: number) => void;

export type UploadOne<T, R> = (item: T, reportProgress: ReportProgress) => Promise<R>;

export type OnBatchProgress = (percent: number, progress: BatchProgress) => void;

/**
 * Uploads every item at once and resolves when all have succeeded or failed; it never rejects.
 * `onProgress` hears every change of the batch (not repeated or ignored reports).
 */
export function runUploadBatch<T, R>(items: readonly T[], uploadOne: UploadOne<T, R>, onProgress?: OnBatchProgress): Promise<UploadResults<T, R>> {
  if (items.length === 0) return Promise.resolve({ successful: [], failed: [] });

  let progress = BatchProgress.start(items.length);
  const update = (next: BatchProgress) => {
    if (next === progress) return;
    progress = next;
    onProgress?.(progress.percent, progress);
  };

  const outcomes = items.map((item, index) =>
    // Wrapping the call also turns a synchronous throw into a failure of that item alone.
    new Promise<R>((resolve) => resolve(uploadOne(item, (value) => update(progress.report(index, value))))).then(
      (result) => {
        update(progress.settle(index));
        return { ok: true as const, result };
      },
      (error: unknown) => {
        update(progress.settle(index));
        return { ok: false as const, failure: { item, error } };
      },
    ),
  );

  return Promise.all(outcomes).then((settled) => ({
    successful: settled.flatMap((outcome) => (outcome.ok ? [outcome.result] : [])),
    failed: settled.flatMap((outcome) => (outcome.ok ? [] : [outcome.failure])),
  }));
}

function replaced<V>(list: readonly V[], index: number, value: V): V[] {
  const copy = [...list];
  copy[index] = value;
  return copy;
}
