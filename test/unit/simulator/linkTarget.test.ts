/**
 * linkTarget is the pages' own guarantee: whatever a stored URL holds, a page links, posts or
 * redirects only to http(s) or to a relative URL of the simulator, read as a browser reads it.
 */
import * as assert from 'node:assert/strict';
import { linkTarget } from '../../../src/simulator/pages';

describe('simulator pages: linkTarget', () => {
  it('keeps http(s) and relative URLs', () => {
    for (const url of ['https://shop.example/back?x=1#y', 'HTTP://shop.example', '../../ID', 'ID/pay', '?a=b', '#top', 'a/b:c']) {
      assert.equal(linkTarget(url), url, url);
    }
  });

  it('refuses every other scheme, however a browser would still read it', () => {
    const hostile = [
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'javascript://x/%0Aalert(1)', 'data:text/html,<script>', 'vbscript:msgbox', 'file:///etc/passwd',
      // A browser drops leading C0 controls and spaces, and tabs and newlines anywhere.
      '\u0001javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0000https://x',
      // Another host by a protocol-relative or backslashed URL.
      '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'https:evil.example', 'https://', 'http:/x',
      // Markup.
      '"><script>', "x' onmouseover='alert(1)",
    ];
    for (const url of hostile) assert.equal(linkTarget(url), undefined, JSON.stringify(url));
  });
});
