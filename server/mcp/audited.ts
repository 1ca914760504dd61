// Which MCP tool calls go into the audit log (issue 35), as server/admin/audited.ts says it for the panel's
// calls: one table the MCP server reads after a call succeeds. Only ids and setting names are taken from the
// arguments and the result, never answer values or secrets. An entry about a form is the form's workspace's,
// so an agent key's work on a claimed form shows where its owners look (as the REST API's entries do).
import type { AuditAction } from '../core/audit/actions.ts';
import type { AuditFacts } from '../core/audit/audit-log.ts';
import type { ToolContext, ToolOutput } from './tool.ts';

type Args = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A tool call's audit: its action, the facts taken from its arguments (and result), and when it applies. */
interface AuditedTool {
  action: AuditAction;
  facts: (args: Args, result: ToolOutput) => Omit<AuditFacts, 'workspaceId'>;
  when?: (args: Args) => boolean;
}

const aboutForm = (args: Args) => ({ target: str(args.form_id) });

/** By tool name. */
export const auditedTools: Record<string, AuditedTool> = {
  publish_form: {
    action: 'form.published',
    facts: (_a, r) => (typeof r === 'object' ? { target: str(r.form_id), detail: { version: r.version } } : {}),
  },
  update_form_settings: {
    action: 'settings.changed',
    facts: (a) => ({
      ...aboutForm(a),
      detail: {
        settings: Object.keys(a)
          .filter((k) => k !== 'form_id' && k !== 'reveal_secret')
          .sort(),
      },
    }),
  },
  get_submissions: { action: 'answers.exported', facts: (a) => ({ ...aboutForm(a), detail: { format: 'mcp' } }) },
  get_webhook: { action: 'secret.revealed', facts: aboutForm, when: (a) => a.reveal_secret === true },
};

/** Records the call of `tool` that answered `result`, when the table names it. */
export async function auditToolCall(ctx: ToolContext, tool: string, args: Args, result: ToolOutput): Promise<void> {
  const audited = Object.hasOwn(auditedTools, tool) ? auditedTools[tool] : undefined;
  if (!audited || (audited.when && !audited.when(args))) return;
  const facts = audited.facts(args, result);
  const form =
    facts.target && ctx.principal ? await ctx.services.forms.findInScope(ctx.principal, facts.target) : undefined;
  await ctx.services.audit.record({ principal: ctx.principal, ip: ctx.ip }, audited.action, {
    ...facts,
    ...(form && { workspaceId: form.workspaceId }),
  });
}
