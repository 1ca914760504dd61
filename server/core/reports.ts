// Abuse reports (ARCHITECTURE.md "Unclaimed forms"): anyone may report a form from its hosted page.
// Reports from 3 distinct networks within 24 h pause an unclaimed form by moderation. Claimed forms
// have an accountable owner, so their reports are only kept for the instance owner to review: three
// strangers must not be able to switch off a paying customer's form.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { networkOf } from '../lib/ip-network.ts';
import type { SettingsService } from './settings.ts';
import type { Store } from './store/types.ts';
import { isClaimed } from './unclaimed.ts';

/** Distinct reporting networks within REPORT_WINDOW_MS that pause an unclaimed form. */
export const REPORT_THRESHOLD = 3;
/** The window reports are counted in (ARCHITECTURE.md: 24 h). */
export const REPORT_WINDOW_MS = 24 * 3600_000;
/** How long the report page's token is good for. */
const TOKEN_TTL_MS = 3600_000;

/** What a report did. */
export interface ReportOutcome {
  stored: boolean;
  networks: number;
  paused: boolean;
}

/** Takes reports and applies the moderation rule. */
export class ReportService {
  constructor(
    private readonly store: Store,
    private readonly settings: SettingsService,
    private readonly secret: string,
  ) {}

  /**
   * A keyed hash of the reporter's network. Keyed with the instance secret because a plain hash of a
   * /24 could be reversed by trying all 2^24 of them; the address itself is never stored.
   */
  networkHash(ip: string): string {
    return this.mac(`report-network:${networkOf(ip)}`);
  }

  /**
   * A token for the report page's form, bound to the form and the requester's network: a site that
   * fetched one cannot make its visitors' browsers post reports from their own networks.
   */
  token(formId: string, ip: string, at = Date.now()): string {
    return `${at}.${this.mac(`report-token:${formId}:${this.networkHash(ip)}:${at}`).slice(0, 32)}`;
  }

  /** Whether a token came from our report page, for this form and network, within the hour. */
  validToken(formId: string, ip: string, token: unknown, now = Date.now()): boolean {
    const m = typeof token === 'string' ? /^(\d{1,15})\.([0-9a-f]{32})$/.exec(token) : null;
    if (!m || now - Number(m[1]) > TOKEN_TTL_MS || Number(m[1]) > now + 60_000) return false;
    const expected = Buffer.from(this.token(formId, ip, Number(m[1])).split('.')[1]);
    return timingSafeEqual(expected, Buffer.from(m[2]));
  }

  /** Stores a report (once per network and window) and pauses an unclaimed form at the threshold. */
  async report(formId: string, ip: string, now = new Date()): Promise<ReportOutcome> {
    const since = new Date(now.getTime() - REPORT_WINDOW_MS).toISOString();
    const { stored, networks } = await this.store.reports.add(
      { formId, networkHash: this.networkHash(ip), createdAt: now.toISOString() },
      since,
    );
    const form = await this.store.forms.byId(formId);
    const paused = !!form && !isClaimed(form) && !form.moderationPaused && networks >= REPORT_THRESHOLD;
    if (paused) await this.settings.setModerationPause(formId, true);
    return { stored, networks, paused };
  }

  /** Forms reported in the last `days` days, most reported first (for the moderation view). */
  recent(days = 7, limit = 100) {
    return this.store.reports.summary(new Date(Date.now() - days * 24 * 3600_000).toISOString(), limit);
  }

  private mac(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('hex');
  }
}
