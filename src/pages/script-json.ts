/**
 * JSON for a `<script type="application/…json">` data block: `<`, `>` and `&` escaped, so no
 * content (a headline holding `</script>`) can close the element, and the line separators that
 * older parsers treat as line ends.
 */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
