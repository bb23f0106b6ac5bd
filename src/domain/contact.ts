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
}
