/** Analytics entities (docs/spec-coverage.md sections 3 and 7). */

/** A campaign recipient, fetched by the `utm_id` URL parameter to identify the visitor. */
export interface Recipient {
  readonly id: string;
}

/** Async loading status of islands (load more, search). */
export const ASYNC_STATUSES = ['not-executed', 'loading', 'success', 'error'] as const;
export type AsyncStatus = (typeof ASYNC_STATUSES)[number];
