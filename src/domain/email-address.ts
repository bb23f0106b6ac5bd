/**
 * What the portal's forms accept as an email address, and the mailbox it delivers to.
 *
 * Only a plain address: a dot-atom local part (RFC 5322's atext in dot-separated runs, ASCII, as
 * browsers' `type=email` fields check) and a host name of letters, digits and hyphens. A domain
 * typed in another script is accepted and mapped to its ASCII (punycode) form by the URL
 * standard's IDNA mapping, the same one browsers and mail clients use, which also folds its case
 * and width. Everything a mail header could read as more than one plain mailbox is refused: quotes,
 * comments, angle brackets, lists, whitespace, IP literals, and dots at either end or doubled.
 * The result is what the newsroom stores, mails and counts quotas on, so every spelling of one
 * mailbox lands in one quota (docs/decisions/0033-addresses-requests-and-the-site-origin.md).
 */

/** RFC 5321: a path holds at most 254 characters, a local part at most 64. */
export const MAX_ADDRESS_LENGTH = 254;
export const MAX_LOCAL_PART_LENGTH = 64;
/** RFC 1035: a host name holds at most 253 characters, each label at most 63. */
const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;

/** A plain address as the newsroom keeps it: local part lower-cased, domain in ASCII and lower case. */
export interface EmailAddress {
  readonly local: string;
  readonly domain: string;
  /** `local@domain`: what is stored, mailed and shown. */
  readonly address: string;
}

/** RFC 5322 atext, in runs joined by single dots. */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/**
 * Characters the URL parser would read as something other than a host name (a port, a path, a
 * user, an IPv6 literal, percent-escapes it would decode) or silently drop (whitespace,
 * controls): refused before the domain is mapped, so the mapping can only map.
 */
const NOT_IN_A_DOMAIN = /[\s\p{Cc}\p{Cf}/\\?#@:[\]%<>"'(),;]/u;
/** A letters-digits-hyphens label, neither starting nor ending with a hyphen. */
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A top-level domain is letters, or an internationalised one's ACE form: never all digits (an IP). */
const TOP_LEVEL = /^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/;

/** The domain's ASCII form (IDNA mapped, lower case), or null when it is no host name. */
export function asciiDomain(domain: string): string | null {
  if (domain === '' || NOT_IN_A_DOMAIN.test(domain)) return null;
  let mapped: string;
  try {
    mapped = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  if (mapped.length > MAX_DOMAIN_LENGTH) return null;
  const labels = mapped.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && LDH_LABEL.test(label))) return null;
  return TOP_LEVEL.test(labels.at(-1)!) ? mapped : null;
}

/**
 * The plain address a form field holds (surrounding whitespace ignored, as browsers do for
 * `type=email`), or null when it is not one.
 */
export function parseEmailAddress(input: string): EmailAddress | null {
  const value = input.trim();
  const at = value.lastIndexOf('@');
  if (at <= 0) return null;
  const local = value.slice(0, at);
  if (local.length > MAX_LOCAL_PART_LENGTH || !DOT_ATOM.test(local)) return null;
  const domain = asciiDomain(value.slice(at + 1));
  if (domain === null) return null;
  const address = `${local.toLowerCase()}@${domain}`;
  return address.length > MAX_ADDRESS_LENGTH ? null : { local: local.toLowerCase(), domain, address };
}

/** Providers that ignore dots in the local part (and their alias domains). */
const DOT_BLIND_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, for limits: a `+tag` dropped (every large provider delivers
 * `name+anything@` to `name@`), dots dropped where the provider ignores them. Case and the
 * domain's spelling are already folded by parseEmailAddress.
 */
export function canonicalMailbox({ local, domain }: EmailAddress): string {
  let box = local.split('+')[0]!;
  let host = domain;
  const dotBlind = DOT_BLIND_DOMAINS[host];
  if (dotBlind) {
    box = box.replace(/\./g, '');
    host = dotBlind;
  }
  // `+tag@` alone (an empty name) stays what it was: a mailbox of its own.
  return `${box || local}@${host}`;
}
