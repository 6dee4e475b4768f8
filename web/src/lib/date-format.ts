/**
 * Date formats of the specification, with Intl only (no date library):
 * "MMM d, yyyy h:mm a zzz", "MMM dd, yyyy HH:mm" and relative "x ago".
 */

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

function partsOf(date: Date, options: Intl.DateTimeFormatOptions): Map<Intl.DateTimeFormatPartTypes, string> {
  const parts = new Intl.DateTimeFormat('en-US', options).formatToParts(date);
  return new Map(parts.map((p) => [p.type, p.value]));
}

/** "Nov 3, 2025 5:07 PM PST": the thread list's last-updated time with a short time-zone name. */
export function formatDateTimeWithZone(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  });
  return `${p.get('month')} ${p.get('day')}, ${p.get('year')} ${p.get('hour')}:${p.get('minute')} ${p.get('dayPeriod')} ${p.get('timeZoneName')}`;
}

/** "Nov 3, 2025": a day, as a plan request's date is told. */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
  return `${p.get('month')} ${p.get('day')}, ${p.get('year')}`;
}

/** "Nov 03, 2025 17:07": the admin user list's created time. */
export function formatDateTime24(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const p = partsOf(date, {
    timeZone,
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${p.get('month')} ${p.get('day')}, ${p.get('year')} ${p.get('hour')}:${p.get('minute')}`;
}

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_ALMOST_TWO_DAYS = 2520;
const MINUTES_IN_MONTH = 43200;
const MINUTES_IN_TWO_MONTHS = 86400;

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many.replace('{n}', String(count));
}

function calendarMonthsBetween(earlier: Date, later: Date): number {
  let months = (later.getFullYear() - earlier.getFullYear()) * 12 + (later.getMonth() - earlier.getMonth());
  const laterRest = later.getTime() - new Date(later.getFullYear(), later.getMonth(), 1).getTime();
  const earlierRest = earlier.getTime() - new Date(earlier.getFullYear(), earlier.getMonth(), 1).getTime();
  if (months > 0 && laterRest < earlierRest) months -= 1;
  return months;
}

/** The distance between two dates in words, on the scale people know ("about 2 hours", "3 days"). */
export function distanceInWords(earlier: Date, later: Date): string {
  const minutes = Math.round((later.getTime() - earlier.getTime()) / 60_000);
  if (minutes < 2) return minutes <= 0 ? 'less than a minute' : '1 minute';
  if (minutes < 45) return `${minutes} minutes`;
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return `about ${Math.round(minutes / 60)} hours`;
  if (minutes < MINUTES_IN_ALMOST_TWO_DAYS) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return `${Math.round(minutes / MINUTES_IN_DAY)} days`;
  if (minutes < MINUTES_IN_TWO_MONTHS) return plural(Math.round(minutes / MINUTES_IN_MONTH), 'about 1 month', 'about {n} months');
  const months = calendarMonthsBetween(earlier, later);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), '1 month', '{n} months');
  const years = Math.trunc(months / 12);
  const monthsIntoYear = months % 12;
  if (monthsIntoYear < 3) return plural(years, 'about 1 year', 'about {n} years');
  if (monthsIntoYear < 9) return plural(years, 'over 1 year', 'over {n} years');
  return `almost ${years + 1} years`;
}

/** "5 minutes ago". A time slightly in the future (clock skew) reads "less than a minute ago". */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const earlier = date.getTime() > now.getTime() ? now : date;
  return `${distanceInWords(earlier, now)} ago`;
}
