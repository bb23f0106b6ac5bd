/**
 * An address someone typed or pasted (an embed, a video, a media file), read as a web address:
 * absolute, http or https, with no credentials in it. Anything else is null, never an exception.
 */
export function webAddressOf(address: string): URL | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url;
}
