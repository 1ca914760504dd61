// Sign-in does the same password work whatever the email (security review "Who gets in", finding 4): an
// unknown email, or one without a password, is checked against a dummy hash, so the time of the answer
// does not tell which addresses have accounts. Checked by structure, with the real scrypt check counted.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AccountService, newUser } from '../../../server/core/accounts.ts';
import { bootstrap, instanceSecret } from '../../../server/core/bootstrap.ts';
import { verifyPassword } from '../../../server/core/passwords.ts';
import { openSqlJsStore } from '../../../server/core/store/sqljs/index.ts';
import type { Store } from '../../../server/core/store/types.ts';
import { ApiError } from '../../../server/lib/api-error.ts';
import { loadConfig } from '../../../server/config.ts';
import { KeyService } from '../../../server/core/keys.ts';
import { tempDataDir } from '../../helpers/server.ts';

interface Ctx {
  store: Store;
  accounts: AccountService;
  checked: string[];
}

const signIn = suite<Ctx>('sign-in work');
signIn.before(async (ctx) => {
  ctx.store = await openSqlJsStore(await tempDataDir());
  await instanceSecret(ctx.store);
  await bootstrap(ctx.store, new KeyService(ctx.store), loadConfig([], {}));
  const workspace = (await ctx.store.workspaces.first())!;
  await ctx.store.users.create(await newUser('ada@example.com', 'correct horse battery'), {
    workspaceId: workspace.id,
    role: 'owner',
  });
  await ctx.store.users.create(
    { ...(await newUser('bea@example.com', 'unused password 1')), passwordHash: null },
    { workspaceId: workspace.id, role: 'editor' },
  );
  ctx.checked = [];
  // The real check, counted: which stored hash each sign-in compared against.
  ctx.accounts = new AccountService(ctx.store, undefined, (password, hash) => {
    ctx.checked.push(hash);
    return verifyPassword(password, hash);
  });
});
signIn.after(async (ctx) => {
  await ctx.store.close();
});
signIn.before.each((ctx) => {
  ctx.checked.length = 0;
});

const refusal = async (accounts: AccountService, email: string, password: string) => {
  try {
    await accounts.login(email, password);
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, details: err.details };
    throw err;
  }
  throw new Error('signed in');
};
const wrong = { status: 401, details: ['credentials: email or password is wrong'] };

signIn('an unknown email runs one scrypt check, against a dummy hash', async ({ accounts, checked }) => {
  assert.equal(await refusal(accounts, 'nobody@example.com', 'correct horse battery'), wrong);
  assert.is(checked.length, 1);
  assert.match(checked[0], /^scrypt\$16384\$8\$1\$/);
});

signIn('a known email with a wrong password runs one check, against its own hash', async (ctx) => {
  assert.equal(await refusal(ctx.accounts, 'ada@example.com', 'wrong password!!'), wrong);
  assert.is(ctx.checked.length, 1);
  assert.is(ctx.checked[0], (await ctx.store.users.byEmail('ada@example.com'))!.passwordHash);
});

signIn('an account without a password runs one check too, and is refused', async ({ accounts, checked }) => {
  assert.equal(await refusal(accounts, 'bea@example.com', 'unused password 1'), wrong);
  assert.is(checked.length, 1);
});

signIn('the dummy hash is never a way in, and the right password still is', async ({ accounts, checked }) => {
  assert.equal(await refusal(accounts, 'nobody@example.com', ''), wrong);
  assert.ok((await accounts.login('ada@example.com', 'correct horse battery')).length > 0);
  assert.is(checked.length, 2);
});

signIn.run();
