/** The press office's one way of writing a time: the minute, in the newsroom's zone, 24-hour. */

/** `2027-02-04 08:00`, in `timeZone` (whatever the machine's), 24-hour. */
export function formatOfficeTime(epochSeconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(epochSeconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
