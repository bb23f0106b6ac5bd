// Types of ./readership-standin.mjs (a plain module, so that `npm start` runs it without a build).
export interface StandinPoint {
  readonly dataset: string;
  readonly timestamp: number;
  readonly indexes: readonly string[];
  readonly blobs: readonly string[];
  readonly doubles: readonly number[];
  readonly sampleInterval: number;
}

export interface ReadershipStandin {
  readonly points: StandinPoint[];
  record(dataset: string, point: { indexes?: string[]; blobs?: string[]; doubles?: number[] }, timestamp?: number): StandinPoint;
  query(sql: string): Response;
  fetch: typeof fetch;
}

export function createReadershipStandin(options?: { points?: StandinPoint[]; onPoint?: (point: StandinPoint) => void; now?: () => number }): ReadershipStandin;
