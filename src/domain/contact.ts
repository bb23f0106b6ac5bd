/** Press contacts, shown in "Contact us" on the pages of the languages they serve. */
import type { StoredImagePayload } from './media-payload';

export interface Contact {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly company: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly mobile: string | null;
  readonly website: string | null;
  readonly avatar: StoredImagePayload | null;
  /** Languages whose pages show this contact. */
  readonly locales: readonly string[];
}

/** The contacts named by these keys, in the keys' order; unknown keys are skipped. */
export function contactsByKeys(contacts: readonly Contact[], keys: readonly string[]): Contact[] {
  return keys.flatMap((key) => contacts.find((contact) => contact.key === key) ?? []);
}

/** The contacts shown on the pages of one language, in their order. */
export function contactsForLocale(contacts: readonly Contact[], locale: string): Contact[] {
  return contacts.filter((contact) => contact.locales.includes(locale));
}
