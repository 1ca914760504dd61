// A job's cron schedule in words for the jobs table ("Every hour at :17"). Only the shapes our jobs use
// are put into words; any other expression is shown as it is, which is still correct.

const twoDigits = (n: number) => String(n).padStart(2, '0');
const NUMBER = /^\d+$/;

/** `schedule` (five cron fields) as a sentence; node-cron runs on the server's clock, so times are the server's. */
export function scheduleWords(schedule: string): string {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5) return schedule;
  const [minute, hour, day, month, weekday] = parts;
  if (day !== '*' || month !== '*' || weekday !== '*') return schedule;
  if (hour === '*') {
    if (minute === '*') return 'Every minute';
    const every = /^\*\/(\d+)$/.exec(minute);
    if (every && Number(every[1]) > 0 && Number(every[1]) < 60) return `Every ${every[1]} minutes`;
    if (NUMBER.test(minute) && Number(minute) < 60) return `Every hour at :${twoDigits(Number(minute))}`;
    return schedule;
  }
  if (NUMBER.test(minute) && NUMBER.test(hour) && Number(minute) < 60 && Number(hour) < 24)
    return `Every day at ${twoDigits(Number(hour))}:${twoDigits(Number(minute))} (server time)`;
  return schedule;
}
