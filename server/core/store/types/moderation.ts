// The moderation area of the Store: suspected spam kept apart, and abuse reports.

/** A post the anti-spam checks caught, kept apart for 30 days (values as the engine accepted them). */
export interface SpamRecord {
  id: string;
  formId: string;
  formVersion: number;
  createdAt: string;
  values: Record<string, unknown>;
  /** Which check caught it: `honeypot`, `token` or `too_fast`. */
  reason: string;
}

/** An abuse report: the reporter's network only as a keyed hash (addresses are never stored). */
export interface AbuseReportRecord {
  formId: string;
  networkHash: string;
  createdAt: string;
}

/** Reports of one form over a period, for the moderation view. */
export interface AbuseReportSummary {
  formId: string;
  reports: number;
  networks: number;
  lastAt: string;
}

/** `store.spam`: posts the anti-spam checks caught, kept for 30 days. */
export interface SpamQueries {
  /** Keeps a caught post unless the form already holds `max` of them (then it is dropped: false). */
  add(spam: SpamRecord, max: number): Promise<boolean>;
  /** A form's suspected spam, newest first. */
  list(formId: string, limit: number): Promise<SpamRecord[]>;
  count(formId: string): Promise<number>;
  byId(formId: string, id: string): Promise<SpamRecord | undefined>;
  /** Deletes one; false when it was not there. */
  delete(formId: string, id: string): Promise<boolean>;
  /** Deletes every spam row created before `olderThan`; returns how many went. */
  sweep(olderThan: string): Promise<number>;
}

/** `store.reports`: abuse reports and their summary for the moderation view. */
export interface ReportQueries {
  /**
   * Stores an abuse report unless its network already reported the form since `since`, and counts the
   * distinct networks that reported it since then, in one write.
   */
  add(report: AbuseReportRecord, since: string): Promise<{ stored: boolean; networks: number }>;
  /** Forms reported since `since`, most reported first: report count, distinct networks, latest time. */
  summary(since: string, limit: number): Promise<AbuseReportSummary[]>;
}
