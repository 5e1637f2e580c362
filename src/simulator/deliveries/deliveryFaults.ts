/**
 * Delivery faults: what the simulator does to a notification instead of delivering it plainly, so a
 * webhook handler meets what the real gateway can do to it. Opt-in, per merchant or per trigger.
 *   duplicate      delivered again (same id, next attempt number) right after it was taken
 *   out-of-order   held back; the notifications that follow it on the same order go first
 *   delay=N        the first attempt N seconds late (1 to 300)
 *   drop           never delivered: only Retrieve Order tells the merchant
 * Each may end in @N: only the next N notifications it applies to.
 */

export type DeliveryFaultKind = 'duplicate' | 'out-of-order' | 'delay' | 'drop';
export const DELIVERY_FAULT_KINDS: readonly DeliveryFaultKind[] = ['duplicate', 'out-of-order', 'delay', 'drop'];
export const MAX_DELAY_SECONDS = 300;
const MAX_FAULTS = 8;

export interface DeliveryFault {
  kind: DeliveryFaultKind;
  /** delay: seconds. */
  seconds?: number;
  /** How many more notifications it applies to; undefined: every one. */
  remaining?: number;
  /** As the user wrote it. */
  text: string;
}

export class DeliveryFaultError extends Error {}

const FAULT_PATTERN = /^(duplicate|out-of-order|delay|drop)(?:=(\d{1,4}))?(?:@(\d{1,6}))?$/;

export function parseDeliveryFault(given: string): DeliveryFault {
  const text = given.trim();
  const m = FAULT_PATTERN.exec(text);
  if (!m) throw new DeliveryFaultError(`delivery fault ${JSON.stringify(text.slice(0, 60))}: must be duplicate, out-of-order, delay=SECONDS or drop, each optionally followed by @N (only the next N notifications)`);
  const kind = m[1] as DeliveryFaultKind;
  const fault: DeliveryFault = { kind, text };
  if (kind === 'delay') {
    const seconds = Number(m[2]);
    if (m[2] === undefined || seconds < 1 || seconds > MAX_DELAY_SECONDS) throw new DeliveryFaultError(`delivery fault ${JSON.stringify(text)}: delay needs whole seconds from 1 to ${MAX_DELAY_SECONDS}, as delay=5`);
    fault.seconds = seconds;
  } else if (m[2] !== undefined) {
    throw new DeliveryFaultError(`delivery fault ${JSON.stringify(text)}: ${kind} takes no value`);
  }
  if (m[3] !== undefined) {
    const n = Number(m[3]);
    if (n < 1) throw new DeliveryFaultError(`delivery fault ${JSON.stringify(text)}: @N needs N of 1 or more`);
    fault.remaining = n;
  }
  return fault;
}

/** A list as given on a command line or in a request: "drop@1,duplicate" or ["drop@1", "duplicate"]. */
export function parseDeliveryFaults(given: string | readonly string[]): DeliveryFault[] {
  const items = (typeof given === 'string' ? given.split(',') : given).map((t) => t.trim()).filter((t) => t !== '');
  if (items.length > MAX_FAULTS) throw new DeliveryFaultError(`at most ${MAX_FAULTS} delivery faults, got ${items.length}`);
  return items.map(parseDeliveryFault);
}

/** The faults that apply to the next notification, each counted down; spent ones leave the list. */
export function takeFaults(faults: DeliveryFault[]): DeliveryFault[] {
  const applied = [...faults];
  for (const f of applied) if (f.remaining !== undefined) f.remaining -= 1;
  for (let i = faults.length - 1; i >= 0; i--) if ((faults[i] as DeliveryFault).remaining === 0) faults.splice(i, 1);
  return applied;
}

export const describeFaults = (faults: readonly DeliveryFault[]): string[] => faults.map((f) => (f.remaining === undefined ? f.text : `${f.text.replace(/@\d+$/, '')}@${f.remaining}`));
