// Reading how a form does: its stored daily counters plus this instance's counts not written yet (so the
// owner sees a view the moment it happened; other instances' arrive within their next flush).
import type { DefinitionCache } from '../definitions.ts';
import type { FormRecord, Store } from '../store/types.ts';
import type { FormCounting } from './counting.ts';
import { statsRange } from './stats-range.ts';
import { statsReport, type StatsReport } from './stats-report.ts';

/** The stats of GET /v1/forms/{id}/stats, the MCP tool get_form_stats and the panel's overview. */
export class FormStats {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly counting: FormCounting,
    private readonly now: () => number = Date.now,
  ) {}

  /** The report over `from`..`to` (UTC days, both included; default the last 30 days); 400 naming a bad one. */
  async report(form: FormRecord, from?: string | null, to?: string | null): Promise<StatsReport> {
    const range = statsRange(from, to, this.now());
    const [stored, definition] = await Promise.all([
      this.store.formStats.range(form.id, range.from, range.to),
      this.definitions.get(form.id, form.version),
    ]);
    if (!definition) throw new Error(`form ${form.id} has no version ${form.version}`);
    return statsReport([...stored, ...this.counting.unwritten(form.id, range.from, range.to)], definition, range);
  }
}
