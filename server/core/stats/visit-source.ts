// Where a visit came from, as the one short label the daily counters keep: the utm_* values when the
// page address had them ("newsletter / email / spring"), else the referrer's host ("news.example"),
// else "direct". Lowercased and cut short, so one source is one row however it was typed.
import type { VisitSource } from '../../../shared/api/form-events.ts';

/** The longest part of a label (each utm value, the host); longer ones are cut. */
export const SOURCE_PART_MAX = 40;

/** The label of a visit with no referrer and no utm_source. */
export const DIRECT = 'direct';

const part = (text: string | undefined) => (text ?? '').trim().toLowerCase().slice(0, SOURCE_PART_MAX);

/** The source label of a visit. */
export function sourceLabel(v: VisitSource): string {
  const source = part(v.utm_source);
  if (source) return [source, part(v.utm_medium), part(v.utm_campaign)].filter(Boolean).join(' / ');
  // www.example.com and example.com are one site.
  const host = part(v.referrer?.replace(/^www\./i, ''));
  return host || DIRECT;
}
