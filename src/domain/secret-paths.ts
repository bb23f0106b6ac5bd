/**
 * Addresses that hold a secret: a journalist's link (`/s/{token}`, `/s/{token}.json`) and the
 * privacy portal's mailed links (`…/subscribe/confirm/{token}`, `…/data-request/confirm/{token}`,
 * `…/unsubscribe/{token}`), a journalist's `/press/leave/{token}`, and their own page
 * `/press/{token}` (with its calendar files `/press/{token}/{uuid}.ics`). `withoutSecrets` is the
 * one redaction every log line and error report goes through (the request log, onError's line,
 * toucan-js events), and `hasSecret` tells the page cache and the redirect helper that an address
 * is one of them.
 *
 * It reads text the way the router may: percent-escapes decoded (`/%73/…` is `/s/…`, `/s%2F…`
 * holds `/s/…`, a double escape `%2573` too), any prefix in front (`/en/s/…`, a whole URL in a
 * Referer, an error message), any case, and it replaces everything after the marker up to the
 * query, the fragment or the end of the word, so a token followed by junk (`/s/{token}/`,
 * `/s/{token}%2Fx`) is gone whole. Over-redacting a public address that merely looks like one
 * (`/tag/s/feed`) costs a log line some detail; under-redacting would leak a key.
 */

/** What replaces a secret. */
export const REDACTED_TOKEN = ':token';

/**
 * A secret's marker and its value: everything after `/s/`, `/confirm/`, `/unsubscribe/`, `/leave/`,
 * or `/press/` when at least 12 token characters follow (a journalist's own page and its calendar
 * files, a mistyped or cut token too, so a log never holds most of one). Public addresses with a
 * category, tag or story named "press" (`/tag/press/feed`, `/press/download`) stay public and
 * cached; `/press/leave/…` keeps its `/leave/` marker, so its log lines still say which page it was.
 */
const SECRET = /(\/(?:s|confirm|unsubscribe|leave|press(?=\/[A-Za-z0-9_-]{12}))\/)[^?#\s"'<>]+/gi;
/** Escapes are decoded this many times at most: `%2573` is `%73` is `s`. */
const DECODE_ROUNDS = 4;

/** One round of percent-decoding, tolerant: a sequence that is not UTF-8 is left as it is. */
function decodeOnce(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Decode the ASCII escapes of a run holding broken UTF-8 (`%73%FF`): the router would.
      return run.replace(/%[0-7][0-9A-Fa-f]/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    }
  });
}

/** The text with its escapes decoded until nothing changes (or DECODE_ROUNDS). */
function decoded(text: string): string {
  let current = text;
  for (let round = 0; round < DECODE_ROUNDS && current.includes('%'); round++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The same marker, for a yes/no test (a regex without `g` keeps no state between calls). */
const HAS_SECRET = new RegExp(SECRET.source, 'i');

/** Does this path, URL or text hold a secret address in any spelling? */
export function hasSecret(text: string): boolean {
  return HAS_SECRET.test(decoded(text));
}

/**
 * The text with every secret replaced by `:token`. Text holding none comes back unchanged;
 * text holding one comes back decoded (`/%73/abc` → `/s/:token`). Decoded once.
 */
export function withoutSecrets(text: string): string {
  const plain = decoded(text);
  const redacted = plain.replace(SECRET, `$1${REDACTED_TOKEN}`);
  return redacted === plain ? text : redacted;
}
