/**
 * Imported first by every webview entry. zod compiles fast validators with `new Function` when it
 * may; the CSP forbids eval, so the probe would be reported as a violation. Tell zod not to try.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });
