// The services the HTTP handlers, the admin channel and the MCP tools call: built once at start.
import type { Config } from '../config.ts';
import { SignedCursor } from '../lib/signed-cursor.ts';
import { AccountService } from './accounts.ts';
import { AntiSpam } from './antispam.ts';
import { FormService } from './forms.ts';
import { KeyService } from './keys.ts';
import { PublicForms } from './public-forms.ts';
import { RateLimits } from './rate-limits.ts';
import { SettingsService } from './settings.ts';
import type { Store } from './store/types.ts';
import { SubmissionReads } from './submission-reads.ts';
import { SubmissionService } from './submissions.ts';
import { webhookUrlCheck } from './webhook-policy.ts';

/** Every service, wired to one store and one configuration. */
export interface Services {
  config: Config;
  keys: KeyService;
  accounts: AccountService;
  forms: FormService;
  publicForms: PublicForms;
  submissions: SubmissionService;
  settings: SettingsService;
  rateLimits: RateLimits;
  reads: SubmissionReads;
  antiSpam: AntiSpam;
}

/** Wires the services together. `secret` is the instance secret that signs cursors and render tokens. */
export function createServices(store: Store, config: Config, secret: string): Services {
  const keys = new KeyService(store);
  const forms = new FormService(store, keys, config);
  const antiSpam = new AntiSpam(secret);
  return {
    config,
    keys,
    accounts: new AccountService(store),
    forms,
    publicForms: new PublicForms(store, forms.definitions, antiSpam, config),
    submissions: new SubmissionService(store, forms.definitions, antiSpam, config),
    settings: new SettingsService(store, webhookUrlCheck(config.webhookAllowPrivate)),
    rateLimits: new RateLimits(config.rateLimit),
    reads: new SubmissionReads(store, new SignedCursor(secret)),
    antiSpam,
  };
}
