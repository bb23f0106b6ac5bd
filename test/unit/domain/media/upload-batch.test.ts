import { describe, expect, it, vi } from 'vitest';
import { BatchProgress, runUploadBatch, type ReportProgress } from '#src/domain/media/index';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BatchProgress', () => {
  it.each([
    ['rising values', [10, 20, 30], 30],
    ['a lower value after a higher one (ignored)', [50, 20], 50],
    ['an equal value', [40, 40], 40],
    ['a value above 100 (capped)', [150], 100],
    ['values above 100 after 100', [100, 120], 100],
    ['Infinity (capped)', [Number.POSITIVE_INFINITY], 100],
    ['NaN (ignored)', [Number.NaN], 0],
    ['NaN between values (ignored)', [30, Number.NaN, 40], 40],
    ['a negative value (ignored)', [-5], 0],
    ['fractions', [12.5, 12.75], 12.75],
  ])('keeps an item monotonic and capped: %s', (_what, reports, expected) => {
    const progress = reports.reduce((state, value) => state.report(0, value), BatchProgress.start(1));
    expect(progress.items).toEqual([expected]);
  });

  it.each([
    ['one item', [[0, 50]], 1, 50],
    ['the average of two items', [[0, 100], [1, 50]], 2, 75],
    ['the average over untouched items too', [[0, 100], [1, 50]], 4, 37.5],
    ['nothing reported yet', [], 3, 0],
  ])('reports batch progress for %s', (_what, reports, count, percent) => {
    const progress = reports.reduce((state, [index, value]) => state.report(index!, value!), BatchProgress.start(count));
    expect(progress.percent).toBe(percent);
  });

  it('returns the same value for an ignored report and a new one for a change, leaving the old unchanged', () => {
    const start = BatchProgress.start(2);
    const half = start.report(0, 50);
    expect(half).not.toBe(start);
    expect(start.items).toEqual([0, 0]);
    expect(half.report(0, 20)).toBe(half);
    expect(half.report(0, Number.NaN)).toBe(half);
    expect(half.report(5, 80)).toBe(half);
    expect(Object.isFrozen(half)).toBe(true);
    expect(Object.isFrozen(half.items)).toBe(true);
  });

  it('is finished only when every item has settled, and a settled item counts as 100', () => {
    const one = BatchProgress.start(2).report(0, 100);
    expect(one.isFinished).toBe(false);
    const settled = one.settle(1);
    expect(settled.items).toEqual([100, 100]);
    expect(settled.isFinished).toBe(false);
    expect(settled.settle(0).isFinished).toBe(true);
    expect(settled.settle(1)).toBe(settled);
  });

  it('ignores reports for an item that has settled', () => {
    const settled = BatchProgress.start(1).settle(0);
    expect(settled.report(0, 30)).toBe(settled);
  });

  it('treats an empty batch as finished at 100%', () => {
    const empty = BatchProgress.start(0);
    expect(empty.percent).toBe(100);
    expect(empty.isFinished).toBe(true);
  });
});

describe('runUploadBatch', () => {
  it('resolves an empty batch at once with no successes and no failures', async () => {
    const uploadOne = vi.fn();
    const onProgress = vi.fn();
    await expect(runUploadBatch([], uploadOne, onProgress)).resolves.toEqual({ successful: [], failed: [] });
    expect(uploadOne).not.toHaveBeenCalled();
    expect(onProgress).not.toHaveBeenCalled();
  });

  it('collects results in the order of the items, whatever order uploads finish in', async () => {
    const pending = ['a', 'b', 'c'].map(() => deferred<string>());
    const batch = runUploadBatch(['a', 'b', 'c'], (item) => pending[['a', 'b', 'c'].indexOf(item)]!.promise);
    pending[2]!.resolve('C');
    pending[0]!.resolve('A');
    pending[1]!.resolve('B');
    await expect(batch).resolves.toEqual({ successful: ['A', 'B', 'C'], failed: [] });
  });

  it('records a failure and carries on with the other items', async () => {
    const error = new Error('413 Payload Too Large');
    const later = deferred<string>();
    const uploadOne = vi.fn((item: string) => (item === 'bad' ? Promise.reject(error) : later.promise));
    const batch = runUploadBatch(['good', 'bad'], uploadOne);
    await flush();
    later.resolve('uploaded good');
    await expect(batch).resolves.toEqual({ successful: ['uploaded good'], failed: [{ item: 'bad', error }] });
    expect(uploadOne).toHaveBeenCalledTimes(2);
  });

  it('records an upload that throws before returning a promise as failed', async () => {
    const error = new Error('no such file');
    const result = await runUploadBatch(['missing', 'ok'], (item) => {
      if (item === 'missing') throw error;
      return Promise.resolve(item.toUpperCase());
    });
    expect(result).toEqual({ successful: ['OK'], failed: [{ item: 'missing', error }] });
  });

  it('finishes only when every item has succeeded or failed', async () => {
    const pending = [deferred<number>(), deferred<number>()];
    let done = false;
    const batch = runUploadBatch([0, 1], (index) => pending[index]!.promise).then((result) => {
      done = true;
      return result;
    });
    pending[0]!.reject(new Error('boom'));
    await flush();
    expect(done).toBe(false);
    pending[1]!.resolve(1);
    await batch;
    expect(done).toBe(true);
  });

  it('reports batch progress as the average, only upward, ending at 100', async () => {
    const reporters: ReportProgress[] = [];
    const pending = [deferred<string>(), deferred<string>()];
    const percents: number[] = [];
    const batch = runUploadBatch(
      [0, 1],
      (index, report) => {
        reporters[index] = report;
        return pending[index]!.promise;
      },
      (percent) => percents.push(percent),
    );
    reporters[0]!(50); // 25
    reporters[0]!(20); // ignored: lower
    reporters[1]!(Number.NaN); // ignored
    reporters[1]!(30); // 40
    reporters[1]!(250); // capped: 75
    pending[0]!.resolve('a'); // 100
    await flush();
    reporters[0]!(10); // ignored: settled
    pending[1]!.resolve('b'); // still 100, but now finished: the listener hears it
    await batch;
    expect(percents).toEqual([25, 40, 75, 100, 100]);
  });

  it('counts a failed item as done for progress', async () => {
    const percents: number[] = [];
    await runUploadBatch(
      ['x', 'y'],
      (item) => (item === 'x' ? Promise.reject(new Error('x failed')) : Promise.resolve(item)),
      (percent) => percents.push(percent),
    );
    expect(percents).toEqual([50, 100]);
  });

  it('hands the batch progress value to the listener', async () => {
    const snapshots: BatchProgress[] = [];
    await runUploadBatch(['only'], async (item, report) => {
      report(60);
      return item;
    }, (_percent, progress) => snapshots.push(progress));
    expect(snapshots.map((snapshot) => [snapshot.items, snapshot.isFinished])).toEqual([
      [[60], false],
      [[100], true],
    ]);
  });
});
