/** Phone numbers: a dialable tel: address, and display text that never wraps inside the number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function displayPhone(phone: string): string {
  return phone.replace(/ /g, '\u00a0');
}
