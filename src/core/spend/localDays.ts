// "Today" and "this month" in the user's local time zone, as keys and boundaries. The time zone is
// the process's (VS Code's), which is what the clock in the corner of the screen shows.

/** `2026-11-25`, the local calendar day of an instant. */
export function dayKey(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `2026-11`, the local calendar month of an instant. */
export function monthKey(at: number): string {
  return dayKey(at).slice(0, 7);
}

/** Local midnight that starts the day after `at` (23- or 25-hour days included). */
export function nextDayStart(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

/** Local midnight that starts the month after `at`. */
export function nextMonthStart(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth() + 1, 1).getTime();
}

/** Local midnight that starts the day `days` days before the day of `at`. */
export function dayStartBefore(at: number, days: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - days).getTime();
}

/** The last `count` local days up to the day of `at`, oldest first. */
export function lastDays(at: number, count: number): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(dayKey(dayStartBefore(at, i)));
  return out;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
