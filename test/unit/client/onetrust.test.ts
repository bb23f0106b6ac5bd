import { expect, test } from 'vitest';
import { externalScriptsOf } from '#src/domain/onetrust';

test.each([
  [
    '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" type="text/javascript" charset="UTF-8" data-domain-script="0190-abc"></script><script type="text/javascript">function OptanonWrapper() { }</script>',
    [{ src: 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js', attributes: { charset: 'UTF-8', 'data-domain-script': '0190-abc' } }],
  ],
  ["<SCRIPT SRC='https://cdn.example/a.js' onload='alert(1)' data-language=fr></SCRIPT>", [{ src: 'https://cdn.example/a.js', attributes: { 'data-language': 'fr' } }]],
  ['<script src="http://insecure.example/a.js"></script>', []],
  ['<script src="javascript:alert(1)"></script>', []],
  ['<script>alert(1)</script>', []],
  ['', []],
])('externalScriptsOf keeps only https scripts and allowlisted attributes: %#', (snippet, expected) => {
  expect(externalScriptsOf(snippet)).toEqual(expected);
});
