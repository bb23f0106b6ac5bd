/** Search entities (SPEC.md section 3): the settings that pick a backend, and a normalised hit. */
export const SEARCH_BACKENDS = ['d1', 'meilisearch', 'algolia'] as const;
export type SearchBackendName = (typeof SEARCH_BACKENDS)[number];

/** Default number of hits on the full results page (SPEC.md section 9). */
export const DEFAULT_SEARCH_HITS_PER_PAGE = 20;

export interface SearchSettings {
  readonly searchBackend: SearchBackendName;
  readonly appId: string | null;
  readonly apiKey: string | null;
  readonly host: string | null;
}

/** One hit, in the shape every backend is normalised to. */
export interface SearchHit<TDocument = Record<string, unknown>> {
  readonly objectID: string;
  readonly _geo?: { readonly lat: number; readonly lng: number };
  /** The document's fields with matches wrapped in highlight tags. */
  readonly _formatted?: Partial<Record<keyof TDocument & string, string>>;
  readonly _matchesPosition?: Readonly<Record<string, readonly { start: number; length: number }[]>>;
  readonly document: TDocument;
}
