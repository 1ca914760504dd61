// Moderation for the instance's owners (admin panel): forms reported lately or paused by moderation,
// across every workspace and unclaimed forms alike; pausing and lifting.
import { notFound } from '../lib/api-error.ts';
import { formUrls } from './form-view.ts';
import type { ReportService } from './reports.ts';
import type { SettingsService } from './settings.ts';
import type { AbuseReportSummary, FormRecord, Store } from './store/types.ts';
import { isClaimed } from './unclaimed.ts';

/** Reports of the last 7 days are shown; older ones are kept but not listed. */
export const MODERATION_REPORT_DAYS = 7;

/** The moderation view and decisions. Callers have checked that the actor owns the instance. */
export class ModerationService {
  constructor(
    private readonly store: Store,
    private readonly reports: ReportService,
    private readonly settings: SettingsService,
    private readonly publicUrl: string,
  ) {}

  /** Reported forms (most reporting networks first), then other moderation-paused forms. */
  async overview() {
    const reported = await this.reports.recent(MODERATION_REPORT_DAYS, 100);
    const paused = await this.store.forms.listModerationPaused(100);
    const byId = new Map<string, AbuseReportSummary | undefined>(reported.map((r) => [r.formId, r]));
    for (const f of paused) if (!byId.has(f.id)) byId.set(f.id, undefined);
    const rows = [];
    for (const [id, summary] of byId) {
      const form = paused.find((f) => f.id === id) ?? (await this.store.forms.byId(id));
      if (form) rows.push(this.row(form, summary));
    }
    return { days: MODERATION_REPORT_DAYS, forms: rows };
  }

  /** Pauses a form by moderation (any workspace, or unclaimed): it refuses submissions and status changes. */
  async pause(formId: string) {
    await this.require(formId);
    await this.settings.setModerationPause(formId, true);
  }

  /**
   * Lifts the pause and makes the form active again: the moderator found it fine, and an unclaimed
   * form has nobody else who could resume it (agent keys cannot change settings).
   */
  async lift(formId: string) {
    await this.require(formId);
    await this.store.forms.update(formId, { moderationPaused: false, status: 'active' });
  }

  private async require(formId: string): Promise<FormRecord> {
    const form = await this.store.forms.byId(formId);
    if (!form) throw notFound();
    return form;
  }

  private row(form: FormRecord, summary: AbuseReportSummary | undefined) {
    return {
      form_id: form.id,
      title: form.title,
      status: form.status,
      claimed: isClaimed(form),
      moderation_paused: form.moderationPaused,
      hosted_url: formUrls(this.publicUrl, form).hosted_url,
      reports: summary?.reports ?? 0,
      networks: summary?.networks ?? 0,
      last_report_at: summary?.lastAt ?? null,
    };
  }
}
