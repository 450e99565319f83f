export const DAY_MS = 86_400_000; // 24 hours

/**
 * Spec 1 section 7 has the bell ask for notifications sent since yesterday's date, which the server
 * reads as midnight UTC: up to 48 hours. The panel says "in the past 24 hours", so the answer is cut
 * to exactly the last 24 hours here.
 */
export function sentInLast24Hours<T extends { sent: string }>(items: readonly T[], now: number): T[] {
  return items.filter((item) => Date.parse(item.sent) > now - DAY_MS);
}
