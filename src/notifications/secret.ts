import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the X-Notification-Secret a request carried is the configured one, compared in constant
 * time (digests first, so lengths leak nothing either). null when no secret is configured.
 */
export function checkSecret(configured: string | undefined, given: string | undefined): boolean | null {
  // A header value reaches us without its surrounding whitespace: a secret copied with a space or a
  // newline could never match, so it is compared without them too.
  const expected = configured?.trim();
  if (expected === undefined || expected === '') return null;
  if (given === undefined) return false;
  const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given.trim()));
}
