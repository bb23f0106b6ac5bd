/**
 * Content signals (https://contentsignals.org): the newsroom's stated preferences on what its
 * content may be used for once fetched, written into robots.txt as a `Content-Signal:` line of the
 * `User-agent: *` group. Three uses: `search` (building a search index and showing links and
 * short excerpts), `ai-input` (feeding a page to a model answering a question, as grounding or
 * retrieval), `ai-train` (training or fine-tuning models). A preference, not an access control:
 * robots.txt's Allow/Disallow still decide what may be fetched.
 */

/** newsroom.yaml `content_signals:`: whether robots.txt states them, and each use a yes or a no. */
export interface ContentSignals {
  /**
   * Whether robots.txt carries the line. Off, the newsroom states no preference: Lighthouse's
   * robots-txt audit (12.x) counts `Content-Signal:` as an unknown directive and fails the SEO
   * check, although crawlers skip lines they do not know (docs/content-format.md).
   */
  readonly enabled: boolean;
  readonly search: boolean;
  readonly ai_input: boolean;
  readonly ai_train: boolean;
}

/** What a newsroom that says nothing states: be found and quoted, not trained on. */
export const DEFAULT_CONTENT_SIGNALS: ContentSignals = { enabled: true, search: true, ai_input: true, ai_train: false };

/** `search=yes, ai-input=yes, ai-train=no`: the value of robots.txt's `Content-Signal:` line. */
export function contentSignalValue(signals: Omit<ContentSignals, 'enabled'>): string {
  const answer = (value: boolean) => (value ? 'yes' : 'no');
  return `search=${answer(signals.search)}, ai-input=${answer(signals.ai_input)}, ai-train=${answer(signals.ai_train)}`;
}

/** robots.txt's `Content-Signal:` line, or null when the newsroom states none. */
export function contentSignalLine(signals: ContentSignals): string | null {
  return signals.enabled ? `Content-Signal: ${contentSignalValue(signals)}` : null;
}
