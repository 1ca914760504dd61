// Records the contract rows start from: made only through the Store interface, so any backend can seed them.
import type {
  ApiKeyRecord,
  FormRecord,
  InviteRecord,
  NewSubmission,
  Role,
  Store,
  UserRecord,
} from '../../../server/core/store/types.ts';

/** A fixed clock: rows speak of times relative to it, so no row depends on when it runs. */
export const T0 = Date.parse('2026-11-24T12:00:00.000Z');
/** `T0` moved by `ms` milliseconds, as the ISO text the store keeps. */
export const at = (ms = 0) => new Date(T0 + ms).toISOString();
/** Durations in milliseconds, for `at()`. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

let counter = 0;
/** A new id with a readable prefix, unique within the process. */
export const uid = (prefix: string) => `${prefix}-${(++counter).toString(36).padStart(4, '0')}`;

/** A uuid-shaped id, for submissions and deliveries. */
export const uuid = () => `00000000-0000-4000-8000-${(++counter).toString(16).padStart(12, '0')}`;

/** A workspace, stored. */
export async function workspace(store: Store, createdAt = at()) {
  const ws = { id: uid('ws'), name: 'Workspace', createdAt };
  await store.workspaces.create(ws);
  return ws;
}

/** A user record (not stored). */
export function userRecord(over: Partial<UserRecord> = {}): UserRecord {
  const id = uid('user');
  return { id, email: `${id}@example.com`, passwordHash: 'scrypt$hash', createdAt: at(), ...over };
}

/** A user stored with a membership. */
export async function member(store: Store, workspaceId: string, role: Role, over: Partial<UserRecord> = {}) {
  const user = userRecord(over);
  await store.users.create(user, { workspaceId, role });
  return user;
}

/** An API key record (not stored). */
export function keyRecord(over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  const id = uid('key');
  return {
    id,
    kind: 'account',
    keyHash: `hash-${id}`,
    last4: id.slice(-4),
    name: '',
    workspaceId: null,
    createdBy: null,
    createdAt: at(),
    lastUsedAt: null,
    revokedAt: null,
    ...over,
  };
}

/** An invite record (not stored), valid for 7 days from T0. */
export function inviteRecord(workspaceId: string, createdBy: string, over: Partial<InviteRecord> = {}): InviteRecord {
  const id = uid('inv');
  return {
    id,
    tokenHash: `token-${id}`,
    workspaceId,
    role: 'editor',
    createdBy,
    createdAt: at(),
    expiresAt: at(7 * DAY),
    ...over,
  };
}

/** A claimed form record (not stored) with every setting at its default. */
export function formRecord(over: Partial<FormRecord> = {}): FormRecord {
  return {
    id: uid('form'),
    workspaceId: null,
    agentKeyId: null,
    title: 'Contact',
    status: 'active',
    moderationPaused: false,
    version: 1,
    createdAt: at(),
    expiresAt: null,
    claimTokenHash: null,
    submissionCount: 0,
    webhookFailures: 0,
    webhookFailureMailedAt: null,
    successMessage: '',
    redirectUrl: '',
    allowAnotherResponse: false,
    notifyMode: 'off',
    notifyEmailTo: '',
    webhookUrl: '',
    webhookSecret: '',
    webhookSecretPrevious: '',
    webhookSecretPreviousUntil: null,
    slackWebhookUrl: '',
    discordWebhookUrl: '',
    notifyEachResponse: false,
    confirmationField: '',
    confirmationMessage: '',
    retentionDays: null,
    theme: {},
    redirectOrigins: [],
    notifyRules: [],
    responseMailSeq: 0,
    responseMailAt: null,
    closeAt: '',
    acceptUndeclared: false,
    allowEditDays: 0,
    webhookEvents: ['submission.created'],
    encryption: null,
    keepPartial: false,
    responseLimit: null,
    closedMessage: '',
    slug: '',
    ...over,
  };
}

/** A form stored in `workspaceId` (or unclaimed under an agent key when `workspaceId` is null). */
export async function form(
  store: Store,
  workspaceId: string | null,
  over: Partial<FormRecord> = {},
  definition = '{"id":"contact"}',
) {
  const f = formRecord({ workspaceId, ...over });
  await store.forms.create(f, definition);
  return f;
}

/** An unclaimed form of `agentKeyId`, expiring `ttlMs` after T0, with a claim token. */
export function unclaimedForm(store: Store, agentKeyId: string, over: Partial<FormRecord> = {}, ttlMs = 7 * DAY) {
  return form(store, null, { agentKeyId, expiresAt: at(ttlMs), claimTokenHash: uid('claim'), ...over });
}

/** A new submission for `formId` (not stored). */
export function newSubmission(
  formId: string,
  workspaceId: string | null,
  over: Partial<NewSubmission> = {},
): NewSubmission {
  return {
    id: uuid(),
    formId,
    workspaceId,
    formVersion: 1,
    createdAt: at(),
    values: { name: 'Ada' },
    hiddenChars: false,
    ...over,
  };
}

/** Stores `count` submissions one after another, `stepMs` apart from `startMs`; returns their ids in order. */
export async function submissions(
  store: Store,
  formId: string,
  workspaceId: string | null,
  count: number,
  startMs = 0,
  stepMs = SECOND,
) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const sub = newSubmission(formId, workspaceId, { createdAt: at(startMs + i * stepMs), values: { n: i } });
    const outcome = await store.submissions.insert(sub);
    if (outcome.kind !== 'stored') throw new Error(`seeding submission ${i}: ${outcome.kind}`);
    ids.push(sub.id);
  }
  return ids;
}

/** Stores one submission per text (`values.text`), a second apart; returns their ids in order. */
export async function texts(store: Store, formId: string, list: string[]) {
  const ids: string[] = [];
  for (const [i, text] of list.entries()) {
    const sub = newSubmission(formId, null, { createdAt: at(i * SECOND), values: { text } });
    await store.submissions.insert(sub);
    ids.push(sub.id);
  }
  return ids;
}

/** The texts the rows search: case, a literal % and _, and one match per needle where it matters. */
export const FILTER_TEXTS = ['Ada Lovelace', 'ada@EXAMPLE.com', 'Grace Hopper', '100% sure', 'snake_case', 'ADA'];
/** Needle and the indexes into FILTER_TEXTS, oldest first it matches. */
export const FILTER_MATCHES: [needle: string, matches: number[]][] = [
  ['ada', [0, 1, 5]],
  ['ADA', [0, 1, 5]],
  ['example.COM', [1]],
  ['%', [3]],
  ['_', [4]],
  ['e_c', [4]],
  ['a%', []],
  ['nobody', []],
];
