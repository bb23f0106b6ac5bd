/**
 * Phone numbers: a dialable tel: address, and display text that never wraps inside the number.
 * Contact cards are written both by the import (story bodies) and by pages, so the rule is here.
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function displayPhone(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}
