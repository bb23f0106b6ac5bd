/**
 * Every call into the D1 binding goes through `guardD1`: whatever the binding rejects with
 * (`D1_ERROR: Network connection lost`, an overloaded or reset database, a storage limit) becomes
 * an UnavailableError with the original as its cause. `app.onError` turns that into a 503 with the
 * localized server-error page, and the page cache into a stale copy when it holds one, instead of
 * a 500. A statement D1 refuses because our SQL is wrong lands here too: it is still logged and
 * reported with its cause, so the bug is not hidden, only answered as "try again".
 */
import { UnavailableError } from '#src/domain/errors';

export const D1_STORE = 'D1';

export async function guardD1<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnavailableError) throw error;
    throw new UnavailableError(D1_STORE, { cause: error });
  }
}
