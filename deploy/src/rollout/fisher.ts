/**
 * Fisher's exact test, one-sided: is the canary's share of bad outcomes larger than stable's by more
 * than chance would make it? Exact at any sample size (a z-test is wrong with few failures, which is
 * exactly when a canary should be judged), from log-factorials, so thousands of loads cost microseconds.
 */

/** ln(n!) by Stirling's series past the small table (error below 1e-10 for n ≥ 20). */
const SMALL: number[] = [0];
for (let n = 1; n < 20; n++) SMALL[n] = SMALL[n - 1]! + Math.log(n);
function logFactorial(n: number): number {
  if (n < 20) return SMALL[n]!;
  return n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + 1 / (12 * n) - 1 / (360 * n ** 3) + 1 / (1260 * n ** 5);
}
const logChoose = (n: number, k: number) => logFactorial(n) - logFactorial(k) - logFactorial(n - k);

/**
 * P(canary has at least `badA` bad outcomes of `totalA`) when both groups share one rate, given
 * `badA + badB` bad outcomes in all: the p-value of "the canary is worse".
 */
export function fisherWorse(badA: number, totalA: number, badB: number, totalB: number): number {
  if (![badA, totalA, badB, totalB].every((n) => Number.isInteger(n) && n >= 0) || badA > totalA || badB > totalB) {
    throw new RangeError(`counts out of range: ${badA}/${totalA} vs ${badB}/${totalB}`);
  }
  const bad = badA + badB;
  const total = totalA + totalB;
  if (totalA === 0 || totalB === 0 || bad === 0) return 1;
  const denominator = logChoose(total, totalA);
  let p = 0;
  for (let k = badA; k <= Math.min(bad, totalA); k++) {
    if (totalA - k > total - bad) continue;
    p += Math.exp(logChoose(bad, k) + logChoose(total - bad, totalA - k) - denominator);
  }
  return Math.min(1, p);
}
