/** SHA-256 of a text (as UTF-8) or of bytes, in lower-case hex: Web Crypto, the same in Node, workerd and browsers. */
export async function sha256Hex(data: string | Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', typeof data === 'string' ? new TextEncoder().encode(data) : data);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
