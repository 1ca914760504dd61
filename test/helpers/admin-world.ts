// A small world for the admin channel's tests, built on the services over a temporary store (no
// HTTP): an instance owner, an editor and a viewer of the first workspace, the owner of a second
// workspace, a claimed form, and tRPC callers acting as each of them.
import { loadConfig } from '../../server/config.ts';
import type { AdminContext } from '../../server/admin/context.ts';
import { publicOrigin } from '../../server/lib/same-origin.ts';
import { appRouter } from '../../server/admin/routers/_app.ts';
import { createCallerFactory } from '../../server/admin/trpc.ts';
import { bootstrap, instanceSecret } from '../../server/core/bootstrap.ts';
import { newId } from '../../server/core/ids.ts';
import { hashPassword } from '../../server/core/passwords.ts';
import { createServices, type Services } from '../../server/core/services.ts';
import { openSqlJsStore } from '../../server/core/store/sqljs/index.ts';
import type { Role, Store } from '../../server/core/store/types.ts';
import { JobRegistry } from '../../server/lib/cron.ts';
import { contactDefinition } from './api.ts';
import { tempDataDir } from './server.ts';

export const PASSWORD = 'correct horse battery';
const createCaller = createCallerFactory(appRouter);

/** Who the callers act as. */
export type Who = 'owner' | 'editor' | 'viewer' | 'outsider' | 'signedOut' | 'wrongOrigin';

/** The world: services, users' session tokens and ids, a form of the first workspace. */
export interface AdminWorld {
  store: Store;
  services: Services;
  jobs: JobRegistry;
  sessions: Record<'owner' | 'editor' | 'viewer' | 'outsider', string>;
  userIds: Record<'owner' | 'editor' | 'viewer' | 'outsider', string>;
  workspaceId: string;
  formId: string;
  /** A caller acting as `who`; `signal` ends its subscriptions. */
  caller(who: Who, signal?: AbortSignal): ReturnType<typeof createCaller>;
  context(who: Who): AdminContext;
}

/** Builds the world; `env` adds configuration (FORMSTEAD_...); `clock` is the mail limits' time. */
export async function adminWorld(env: Record<string, string> = {}, clock?: () => number): Promise<AdminWorld> {
  const store = await openSqlJsStore(await tempDataDir());
  const config = loadConfig([], env);
  const services = createServices(store, config, await instanceSecret(store), () => {}, { clock });
  const [line] = await bootstrap(store, services.keys, config);
  const setupToken = new URL(line.split(': ')[1]).searchParams.get('token')!;
  const owner = await services.accounts.setupOwner(setupToken, 'owner@example.com', PASSWORD);
  const ownerId = (await services.accounts.session(owner))!.user.id;
  const workspaceId = (await store.workspaces.first())!.id;

  const join = async (role: Role, email: string) => {
    const invite = await services.members.invite(workspaceId, ownerId, role);
    return services.members.acceptWithNewAccount(invite.url.split('/').pop()!, email, PASSWORD);
  };
  const editor = await join('editor', 'editor@example.com');
  const viewer = await join('viewer', 'viewer@example.com');

  // The owner of another workspace: a workspace owner, but not an owner of the instance.
  const other = { id: newId(), name: 'Other', createdAt: new Date(Date.now() + 1000).toISOString() };
  await store.workspaces.create(other);
  const outsiderUser = {
    id: newId(),
    email: 'outsider@example.com',
    passwordHash: await hashPassword(PASSWORD),
    createdAt: other.createdAt,
  };
  await store.users.create(outsiderUser, { workspaceId: other.id, role: 'owner' });
  const outsider = await services.accounts.startSession(outsiderUser.id);

  const published = await services.forms.publish(
    { kind: 'user', userId: ownerId, workspaceId, role: 'owner' },
    { definition: contactDefinition() },
  );
  const jobs = new JobRegistry();
  jobs.register({ name: 'noop', schedule: '0 0 1 1 *', about: 'Does nothing (tests).', run: async () => 'done' });

  const sessions = { owner, editor, viewer, outsider };
  const userIds = {
    owner: ownerId,
    editor: (await services.accounts.session(editor))!.user.id,
    viewer: (await services.accounts.session(viewer))!.user.id,
    outsider: outsiderUser.id,
  };
  const context = (who: Who): AdminContext => {
    const origin = who === 'wrongOrigin' ? 'https://evil.example' : publicOrigin(config.publicUrl);
    const sessionToken = who === 'signedOut' ? undefined : who === 'wrongOrigin' ? owner : sessions[who];
    return { services, jobs, origin, sessionToken };
  };
  return {
    store,
    services,
    jobs,
    sessions,
    userIds,
    workspaceId,
    formId: published.form_id,
    context,
    caller: (who, signal) => createCaller(context(who), { signal }),
  };
}
