/**
 * Instalment and APR of a consumer credit, as the financing partner computes them.
 *
 * Instalment (annuity): i = r/12, A = P·i / (1 − (1+i)^−n); A = P/n when r = 0; rounded to cents.
 * APR (EU consumer-credit directive): the X solving Σ drawdowns·(1+X)^−t = Σ repayments·(1+X)^−s,
 * t and s in years (a month is 1/12). The single drawdown at t = 0 is the principal less the fees
 * paid upfront (the consumer receives less but repays the same instalments), and the repayments are
 * the rounded instalments actually charged, so the APR matches what the offer says.
 */

/** Monthly instalment in cents. `annualRatePercent` is the nominal rate (19.9 for 19.9 %). */
export function monthlyInstalmentCents(principalCents: number, annualRatePercent: number, months: number): number {
  if (months < 1) throw new RangeError('months must be at least 1');
  if (annualRatePercent === 0) return Math.round(principalCents / months);
  const i = annualRatePercent / 100 / 12;
  return Math.round((principalCents * i) / (1 - Math.pow(1 + i, -months)));
}

/** Present value of `months` equal monthly payments at annual rate x. */
function presentValue(instalment: number, months: number, x: number): number {
  let sum = 0;
  for (let k = 1; k <= months; k++) sum += instalment * Math.pow(1 + x, -k / 12);
  return sum;
}

/**
 * APR as a fraction (0.218 for 21.8 %). Bisection: the present value falls monotonically as X rises,
 * so one root exists whenever the repayments exceed the amount drawn; 200 halvings reach far below a
 * basis point.
 */
export function annualPercentageRate(principalCents: number, upfrontFeeCents: number, instalmentCents: number, months: number): number {
  const drawn = principalCents - upfrontFeeCents;
  if (drawn <= 0) throw new RangeError('fees exceed the principal');
  let low = -0.99;
  let high = 100;
  for (let step = 0; step < 200; step++) {
    const mid = (low + high) / 2;
    if (presentValue(instalmentCents, months, mid) > drawn) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** APR in percent with one decimal, the way offers show it (21.8). */
export function aprPercentOneDecimal(principalCents: number, upfrontFeeCents: number, instalmentCents: number, months: number): number {
  return Math.round(annualPercentageRate(principalCents, upfrontFeeCents, instalmentCents, months) * 1000) / 10;
}
