/**
 * The page's browser entry, loaded as a deferred module on every page. It stays small (no React):
 * error reporting (loaded when idle), consent bar, analytics, hash deep links, inline form validation, video players on demand,
 * the share and print buttons, and the loader that fetches an island's code only when the visitor
 * reaches for it. Every page works without it.
 */
import { startAnalytics } from './analytics/start';
import { readClientConfig } from './config';
import { startConsent } from './consent';
import { startHashClick } from './hash-click';
import { startIslands } from './islands/loader';
import { enhanceSubscribeForms } from './subscribe-form';
import { startVideoPlayers } from './video-players';
import { startPageTools } from './page-tools';
import { startErrorReporting } from './error-reporting/start';

const config = readClientConfig(document);
if (config) {
  // First, so an error in what follows is reported.
  startErrorReporting(config, window);
  const consent = startConsent(config, document);
  startAnalytics(config, consent, window);
  enhanceSubscribeForms(document, config.messages);
  startIslands(document, config);
}
startVideoPlayers(document);
startPageTools(document);
// Last, so the islands above already listen for the click it makes.
startHashClick(window);
