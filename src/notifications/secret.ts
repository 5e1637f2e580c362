import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether the X-Notification-Secret a request carried is the configured one, compared in constant
 * time (digests first, so lengths leak nothing either). null when no secret is configured.
 */
export function checkSecret(configured: string | undefined, given: string | undefined): boolean | null {
  if (configured === undefined || configured === '') return null;
  if (given === undefined) return false;
  const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(configured), digest(given));
}
