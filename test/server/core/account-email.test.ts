// The one form of an account's email (server/core/account-email.ts): trimmed and lower-cased, but a character
// outside ASCII never lower-cases into ASCII (the Kelvin sign would become "k": issue 38).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { accountEmail } from '../../../server/core/account-email.ts';

const email = suite('accountEmail');

email('rows: what each address is stored and found as', () => {
  const rows: [string, string][] = [
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['\u212aate@example.com', '\u212aate@example.com'],
    ['Ünal@Example.com', 'ünal@example.com'],
    ['\u212bngstrom@example.com', 'ångstrom@example.com'],
    ['ΣOFIA@example.com', 'σofia@example.com'],
  ];
  for (const [given, stored] of rows) assert.is(accountEmail(given), stored, given);
  assert.is.not(accountEmail('\u212aate@example.com'), accountEmail('kate@example.com'));
});

email.run();
