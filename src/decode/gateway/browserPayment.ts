import { BROWSER_PAYMENT_STATES } from '../../catalogue/codes';
import { BodyView, definedOnly } from '../bodyView';
import { explainCode } from '../explain';
import type { DecodedBrowserPayment } from '../types';

/** Timestamp fields in the order the states happen (the table declares one per state). */
const TIMESTAMP_FIELDS = Object.values(BROWSER_PAYMENT_STATES).map((s) => s.timestampField);

export function decodeBrowserPayment(view: BodyView): DecodedBrowserPayment | undefined {
  if (!view.record(['browserPayment'])) return undefined;
  const timestamps = TIMESTAMP_FIELDS.flatMap((name) => {
    const value = view.text(['browserPayment', 'interaction', name]);
    return value !== undefined && value !== '' ? [{ name, value }] : [];
  });
  return definedOnly({
    status: explainCode(BROWSER_PAYMENT_STATES, view.at(['browserPayment', 'interaction', 'status'])),
    redirectUrl: view.text(['browserPayment', 'redirectUrl']),
    redirectHtml: view.text(['browserPayment', 'redirectHtml']),
    timestamps,
  });
}
