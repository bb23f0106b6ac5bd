/**
 * Search rules every backend shares. The engines' own shapes (the settings that pick and reach an
 * engine, the normalised hit) are adapters' business: src/platform/search/.
 */

/** Default number of hits on the full results page (SPEC.md section 9). */
export const DEFAULT_SEARCH_HITS_PER_PAGE = 20;
