// Notification rules (the `notify_rules` setting, ARCHITECTURE.md Wave 4) over the services with a real SMTP server:
// a matching answer also mails the rule's address with the response mail's text, a non-matching one does not; the
// limit (one mail a minute per address, the rest as one digest); and the setting's checks at and past each edge
// (10 rules, fields that must exist, at least one condition), each refusal naming its path and changing nothing.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NOTIFY_RULES_MAX } from '../../../shared/api/limits.ts';
import { matchingAddresses, RuleMail } from '../../../server/core/mail/rule-mail.ts';
import type { ApiError } from '../../../server/lib/api-error.ts';
import { adminWorld, type AdminWorld } from '../../helpers/admin-world.ts';
import { contactDefinition } from '../../helpers/api.ts';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';

interface Ctx {
  w: AdminWorld;
  smtp: SmtpSink;
}

const rules = suite<Ctx>('mail: notification rules');
rules.before(async (ctx) => {
  ctx.smtp = await startSmtpSink();
  ctx.w = await adminWorld({ FORMSTEAD_SMTP_URL: ctx.smtp.url, FORMSTEAD_MAIL_FROM: 'forms@example.com' });
});
rules.after(async ({ w, smtp }) => {
  await w.services.responseMail.stop();
  await w.services.ruleMail.stop();
  w.services.mailer.close();
  await w.store.close();
  await smtp.close();
});

const owner = (w: AdminWorld) => ({
  kind: 'user' as const,
  userId: w.userIds.owner,
  workspaceId: w.workspaceId,
  role: 'owner' as const,
});
const publish = async (w: AdminWorld, title: string) =>
  (await w.services.forms.publish(owner(w), { definition: contactDefinition({ title }) })).form_id;
const submit = async (w: AdminWorld, formId: string, name: string, topic: string) =>
  (
    await w.services.submissions.submit({
      formId,
      values: { name, email: `${name.toLowerCase()}@example.com`, topic },
      formPost: false,
      bodyHash: `${formId}-${name}`,
    })
  ).body as { id: string };
const update = async (w: AdminWorld, formId: string, patch: Record<string, unknown>) =>
  w.services.settings.update((await w.store.forms.byId(formId))!, patch);
const supportRule = { when: [{ field: 'topic', eq: 'support' }], email: 'support@example.com' };
const mailsTo = (smtp: SmtpSink, to: string) => smtp.mails.filter((m) => m.to.includes(to));

rules(
  'a matching answer mails the rule’s address the response mail; a non-matching one does not',
  async ({ w, smtp }) => {
    const title = 'Rules form';
    const formId = await publish(w, title);
    const saved = await update(w, formId, { notify_rules: [supportRule] });
    assert.equal(saved.notify_rules, [supportRule]);
    const sales = await submit(w, formId, 'Sally', 'sales');
    const help = await submit(w, formId, 'Hank', 'support');
    await smtp.waitFor((m) => m.some((x) => x.to.includes('support@example.com')), 'the rule’s mail');
    const got = mailsTo(smtp, 'support@example.com');
    assert.is(got.length, 1);
    assert.is(got[0].subject, `New response: ${title}`);
    assert.match(got[0].text, /Name: Hank/);
    assert.match(got[0].text, new RegExp(`/submissions/${help.id}`));
    assert.match(got[0].text, /a notification rule of this form/);
    assert.not.match(got[0].text, /Sally/);
    // The non-matching answer is in no mail to that address, and (after the matching one arrived) nothing more came.
    assert.not.ok(smtp.mails.some((m) => m.to.includes('support@example.com') && m.text.includes(sales.id)));
  },
);

rules(
  'matchingAddresses: every condition must hold; an address named by two matching rules is mailed once',
  async ({ w }) => {
    const form = (await w.store.forms.byId(await publish(w, 'Match form')))!;
    form.notifyRules = [
      {
        when: [
          { field: 'topic', eq: 'support' },
          { field: 'name', notEmpty: true },
        ],
        email: 'a@example.com',
      },
      { when: [{ field: 'topic', in: ['support', 'sales'] }], email: 'A@example.com' },
      { when: [{ field: 'topic', eq: 'sales' }], email: 'b@example.com' },
    ];
    assert.equal(matchingAddresses(form, { topic: 'support', name: 'X' }), ['a@example.com']);
    assert.equal(matchingAddresses(form, { topic: 'support' }), ['A@example.com']);
    assert.equal(matchingAddresses(form, { topic: 'sales' }), ['A@example.com', 'b@example.com']);
    assert.equal(matchingAddresses(form, {}), []);
  },
);

rules(
  'the limit: one mail at once, the answers within the window go out together as one digest',
  async ({ w, smtp }) => {
    const title = 'Digest rules';
    const formId = await publish(w, title);
    await update(w, formId, { notify_rules: [{ ...supportRule, email: 'digest@example.com' }] });
    // A rule mailer of its own with a short window, so the digest's timer ends within the test.
    const ruleMail = new RuleMail(w.store, w.services.mailer, w.services.responseMail, { everyMs: 300 });
    const form = (await w.store.forms.byId(formId))!;
    const stored = [];
    for (const name of ['One', 'Two', 'Three']) {
      const { id } = await submit(w, formId, name, 'support');
      stored.push((await w.store.submissions.byId(formId, id))!);
    }
    await smtp.waitFor(
      (m) => mailsTo({ mails: m } as SmtpSink, 'digest@example.com').length >= 1,
      'the services’ mail',
    );
    const before = mailsTo(smtp, 'digest@example.com').length;
    for (const record of stored) ruleMail.stored(form, record);
    await smtp.waitFor(
      (m) => mailsTo({ mails: m } as SmtpSink, 'digest@example.com').length >= before + 2,
      'one mail and one digest',
    );
    const mine = mailsTo(smtp, 'digest@example.com').slice(before);
    assert.is(mine[0].subject, `New response: ${title}`);
    assert.is(mine[1].subject, `2 new responses: ${title}`);
    assert.match(mine[1].text, /--- Response 2 of 2 ---/);
    assert.match(mine[1].text, /Name: Three/);
    await ruleMail.stop();
  },
);

rules(
  `the setting: ${NOTIFY_RULES_MAX} rules taken, one more refused; fields must exist; each 422 names the path`,
  async ({ w }) => {
    const formId = await publish(w, 'Checked rules');
    const ten = Array.from({ length: NOTIFY_RULES_MAX }, (_, i) => ({ ...supportRule, email: `r${i}@example.com` }));
    assert.is((await update(w, formId, { notify_rules: ten })).notify_rules.length, NOTIFY_RULES_MAX);
    const refused: [string, unknown, string[]][] = [
      [
        `${NOTIFY_RULES_MAX + 1} rules`,
        [...ten, supportRule],
        [`notify_rules: must hold at most ${NOTIFY_RULES_MAX} rules`],
      ],
      [
        'a field the form does not have',
        [
          supportRule,
          {
            when: [
              { field: 'topic', eq: 'x' },
              { field: 'nps', lte: 6 },
            ],
            email: 'x@example.com',
          },
        ],
        ['notify_rules[1].when[1].field: no field "nps" in the form'],
      ],
      [
        'a rule naming no field',
        [{ when: [], email: 'x@example.com' }],
        ['notify_rules[0].when: must hold at least one condition'],
      ],
      ['not an address', [{ ...supportRule, email: 'support' }], ['notify_rules[0].email: must be an email address']],
      ['an unknown key', [{ ...supportRule, cc: 'x@example.com' }], ['notify_rules[0].cc: unknown field']],
    ];
    for (const [title, notify_rules, details] of refused) {
      const err = (await update(w, formId, { notify_rules, success_message: 'Changed' }).catch((e) => e)) as ApiError;
      assert.is(err.status, 422, title);
      assert.equal(err.details, details, title);
      const form = (await w.store.forms.byId(formId))!;
      assert.is(form.notifyRules.length, NOTIFY_RULES_MAX, `${title}: the rules are unchanged`);
      assert.is.not(form.successMessage, 'Changed', `${title}: nothing else changed either`);
    }
    assert.equal((await update(w, formId, { notify_rules: [] })).notify_rules, [], 'an empty list removes them');
  },
);

rules.run();
