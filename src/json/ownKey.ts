/**
 * The one way to look a value up in a plain-object table by a key that came from outside (a
 * response's result, gatewayCode, risk or AVS code, a history entry). `table[key]` would find
 * Object.prototype's members for "constructor", "toString" or "__proto__"; this finds only the
 * table's own entries. Pure and dependency-free: the webview uses it too.
 */
export function ownValue<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The one way to copy a key that came from outside into a new object: `copy[key] = value` with the
 * key "__proto__" would set the copy's prototype and lose the key; this keeps it a plain own key,
 * as JSON.parse does.
 */
export function setOwnValue(target: Record<string, unknown>, key: string, value: unknown): void {
  // Plain assignment makes the same own property for every other key, several times faster (every
  // field of every body the simulator checks goes through here).
  if (key !== '__proto__') {
    target[key] = value;
    return;
  }
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
