// Workspaces as the admin panel shows them: name, the signed-in user's role, usage against the
// monthly quota; who counts as an instance owner (moderation, the mail outbox).
import type { Config } from '../config.ts';
import type { Store } from './store/types.ts';

/** Usage is counted per calendar month in UTC, as the quota check counts it. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Workspace facts and instance-wide views for the admin panel. */
export class WorkspaceService {
  constructor(
    private readonly store: Store,
    private readonly config: Config,
  ) {}

  /** The workspaces a user belongs to, with their role in each. */
  async of(userId: string) {
    return (await this.store.users.workspacesOf(userId)).map((w) => ({
      id: w.workspace.id,
      name: w.workspace.name,
      role: w.role,
    }));
  }

  /** Submissions this month against the quota (`quota` null when unlimited), with the 80% notice of spec 8. */
  async usage(workspaceId: string) {
    const month = thisMonth();
    const used = await this.store.workspaces.monthlyUsage(workspaceId, month);
    const quota = this.config.monthlySubmissions ?? null;
    const near = quota !== null && used >= quota * 0.8;
    return {
      month,
      used,
      quota,
      near_limit: near,
      ...(near && this.config.upgradeUrl ? { upgrade_url: this.config.upgradeUrl } : {}),
    };
  }

  /**
   * Instance owners are the owners of the first workspace, the one made at first start: they moderate
   * every form of the instance and read the mail outbox, which holds every workspace's mail.
   */
  async isInstanceOwner(userId: string): Promise<boolean> {
    const first = await this.store.workspaces.first();
    return first !== undefined && (await this.store.users.role(first.id, userId)) === 'owner';
  }

  /** The mail held in the outbox (no SMTP server, or sending failed), newest first. */
  async outbox(limit = 100) {
    const mails = await this.store.outbox.list(limit);
    return {
      smtp_configured: this.config.smtpUrl !== undefined,
      mails: mails.map((m) => ({
        id: m.id,
        to: m.recipients,
        subject: m.subject,
        body: m.body,
        created_at: m.createdAt,
        error: m.error,
      })),
    };
  }
}
