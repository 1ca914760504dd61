// The one form of an account's email address that accounts are found by: trimmed and lower-cased, except that a
// character outside ASCII never lower-cases into ASCII. Unicode's full case mapping turns the Kelvin sign (U+212A)
// into "k", so "\u212a@example.com" from an identity provider signed in as the account of "k@example.com" (issue 38).

/** `email` as accounts are stored and looked up by. */
export function accountEmail(email: string): string {
  let out = '';
  for (const ch of email.trim()) {
    const lower = ch.toLowerCase();
    out += ch.charCodeAt(0) > 0x7f && isAscii(lower) ? ch : lower;
  }
  return out;
}

const isAscii = (text: string) => [...text].every((c) => c.charCodeAt(0) <= 0x7f);
