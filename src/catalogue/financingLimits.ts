/** The simulated partner's financing limits, read by the Offers body (help texts, bounds) and its rules (the real ones are not public). */
/** The cart totals the partner finances: the simulated partner's limits (the real ones are not public). */
export const FINANCED_CART = { min: '100', max: '50000' } as const;
/** Credit periods in months the simulated partner has plans for. */
export const FINANCED_PERIOD = { min: 3, max: 84 } as const;
