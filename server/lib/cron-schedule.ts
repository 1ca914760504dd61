// Cron schedules of five fields (minute hour day-of-month month day-of-week: numbers, `*`, ranges `a-b`, steps
// `*/n` and `a-b/n`, lists `x,y`), matched on the server's clock in local time with Date's own getters. Not
// node-cron: it works out every next run with Intl.DateTimeFormat, and that one call makes V8 map ~5 MB of ICU's
// locale data into an idle server (docs/performance.md, "At rest", session 5).

/** A parsed schedule: the values each field allows. */
export interface CronSchedule {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday ... 6 = Saturday (7 is read as 0). */
  weekdays: ReadonlySet<number>;
  /** Both day fields restricted: a day matches either (as in Vixie cron); otherwise the restricted one. */
  eitherDay: boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

/** How far nextRun looks (steps of a minute, an hour or a day): past it a schedule is taken never to run. */
export const MAX_SEARCH_STEPS = 10_000;

/** Parses one field ("*", "5", "1-5", "*\/10", "0-30/15", "1,15"); throws an Error naming it. */
function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(?:(\*)|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`${field.name} "${text}": not a number, range, step or list`);
    const from = m[1] ? field.min : Number(m[2]);
    const to = m[1] ? field.max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? field.max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < field.min || to > field.max)
      throw new Error(`${field.name} "${text}": outside ${field.min}-${field.max}`);
    if (from > to || step < 1) throw new Error(`${field.name} "${text}": a range backwards or a step of 0`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** Parses a five-field schedule; throws an Error saying what is wrong. */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== FIELDS.length) throw new Error(`"${expression}": five fields, not ${parts.length}`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]));
  if (weekdays.delete(7)) weekdays.add(0);
  const schedule = { minutes, hours, days, months, weekdays, eitherDay: parts[2] !== '*' && parts[4] !== '*' };
  if (!nextRun(schedule, new Date(0))) throw new Error(`"${expression}": never runs`);
  return schedule;
}

const dayMatches = (s: CronSchedule, t: Date) =>
  s.eitherDay
    ? s.days.has(t.getDate()) || s.weekdays.has(t.getDay())
    : s.days.has(t.getDate()) && s.weekdays.has(t.getDay());

const MINUTE_MS = 60_000;

/** `t` moved to the start of its next local hour (`hours` 1) or day (`hours` 24), and always forward. */
function startOfNext(t: Date, hours: 1 | 24): Date {
  const next = new Date(t);
  if (hours === 24) next.setHours(24, 0, 0, 0);
  else next.setHours(t.getHours() + 1, 0, 0, 0);
  // A clock set back can name a wall time already passed: then a minute on instead.
  return next > t ? next : new Date(t.getTime() + MINUTE_MS);
}

/**
 * The first minute after `after` the schedule runs at, in local time; undefined when none comes within
 * MAX_SEARCH_STEPS. Only ever steps forward, so a clock change (DST) can neither loop nor go back. As in Vixie
 * cron: a run at a set hour that the clock skips does not happen that day, and one in an hour the clock repeats
 * happens once (in its first pass); a schedule for every hour runs through both passes as the minutes come.
 */
export function nextRun(s: CronSchedule, after: Date): Date | undefined {
  let t = new Date(Math.floor(after.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  for (let step = 0; step < MAX_SEARCH_STEPS; step++) {
    if (!s.months.has(t.getMonth() + 1) || !dayMatches(s, t)) t = startOfNext(t, 24);
    else if (!s.hours.has(t.getHours())) t = startOfNext(t, 1);
    else if (!s.minutes.has(t.getMinutes()) || (s.hours.size < 24 && secondPass(t)))
      t = new Date(t.getTime() + MINUTE_MS);
    else return t;
  }
  return undefined;
}

/** Whether `t` is the second pass of a local hour repeated when the clock was set back (the first one ran). */
const secondPass = (t: Date) => new Date(t.getTime() - 60 * MINUTE_MS).getHours() === t.getHours();
