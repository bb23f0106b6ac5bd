/**
 * The newsroom's OneTrust snippet is pasted HTML (`<script src=… data-domain-script=…>` plus an
 * inline `OptanonWrapper`). Pages carry no inline executable script (a strict CSP), so the
 * browser code re-creates only the external scripts, with an allowlist of their attributes, and
 * defines `OptanonWrapper` itself.
 */
export interface ExternalScript {
  readonly src: string;
  readonly attributes: Readonly<Record<string, string>>;
}

const ALLOWED_ATTRIBUTES = new Set(['data-domain-script', 'data-language', 'data-document-language', 'charset']);
const SCRIPT_TAG = /<script\b([^>]*)>/gi;
const ATTRIBUTE = /([\w:-]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** The https scripts of a snippet, in order; anything else (inline code, http) is dropped. */
export function externalScriptsOf(snippet: string): ExternalScript[] {
  const scripts: ExternalScript[] = [];
  for (const [, rawAttributes] of snippet.matchAll(SCRIPT_TAG)) {
    const attributes: Record<string, string> = {};
    let src: string | null = null;
    for (const [, name, double, single, bare] of (rawAttributes ?? '').matchAll(ATTRIBUTE)) {
      const key = name!.toLowerCase();
      const value = double ?? single ?? bare ?? '';
      if (key === 'src') src = value.trim();
      else if (ALLOWED_ATTRIBUTES.has(key)) attributes[key] = value;
    }
    if (src && isHttps(src)) scripts.push({ src, attributes });
  }
  return scripts;
}

function isHttps(address: string): boolean {
  try {
    return new URL(address).protocol === 'https:';
  } catch {
    return false;
  }
}
