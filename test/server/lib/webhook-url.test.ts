import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import net from 'node:net';
import {
  checkWebhookUrl,
  defaultResolve,
  MAX_WEBHOOK_URL_LENGTH,
  type WebhookUrlError,
} from '../../../server/lib/webhook-url.ts';

const PUBLIC_V4 = '93.184.215.14';
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c';

/** The fake DNS every row uses; a name missing here does not resolve (like NXDOMAIN). */
const zone: Record<string, string[]> = {
  'example.com': [PUBLIC_V4],
  'example.com.': [PUBLIC_V4],
  'v6.example.com': [PUBLIC_V6],
  'dual.example.com': [PUBLIC_V4, PUBLIC_V6],
  'twice.example.com': [PUBLIC_V4, PUBLIC_V4],
  'a_b.example.com': [PUBLIC_V4],
  'xn--bcher-kva.example': [PUBLIC_V4],
  'mixed.example.com': [PUBLIC_V4, '10.0.0.5'],
  'mixed6.example.com': [PUBLIC_V6, 'fd00::5'],
  'rebind.example.com': ['127.0.0.1'],
  'cgnat.example.com': ['100.100.100.200'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'nat64.example.com': ['64:ff9b::a9fe:a9fe'],
  'meta.example.com': ['169.254.169.254'],
  'awsv6.example.com': ['fd00:ec2::254'],
  'zoned.example.com': ['fe80::1%eth0'],
  'garbage.example.com': ['not-an-address'],
  'empty.example.com': [],
  // Only reachable with allowPrivate, where local names are asked.
  localhost: ['127.0.0.1', '::1'],
  receiver: ['172.18.0.3'],
};

type Want = WebhookUrlError | { host: string; port?: number; addresses?: string[] };

interface Row {
  url: string;
  want: Want;
  allowPrivate?: boolean;
  /** False: the check must decide without asking DNS. */
  asks?: boolean;
}

const ok = (host: string, port = 443, addresses?: string[]): Want => ({ host, port, addresses });

// One row per rule; `asks: false` marks rows that must be decided before any DNS question.
const rows: Row[] = [
  // Accepted
  { url: 'https://example.com/hook', want: ok('example.com', 443, [PUBLIC_V4]) },
  { url: 'https://example.com', want: ok('example.com') },
  { url: 'https://example.com:443/hook', want: ok('example.com', 443) },
  { url: 'HTTPS://EXAMPLE.COM/Hook', want: ok('example.com') },
  { url: 'https://example.com/hook?token=abc&x=1', want: ok('example.com') },
  { url: 'https://v6.example.com/', want: ok('v6.example.com', 443, [PUBLIC_V6]) },
  { url: 'https://dual.example.com/', want: ok('dual.example.com', 443, [PUBLIC_V4, PUBLIC_V6]) },
  { url: 'https://twice.example.com/', want: ok('twice.example.com', 443, [PUBLIC_V4]) },
  { url: 'https://a_b.example.com/', want: ok('a_b.example.com') },
  { url: 'https://bücher.example/', want: ok('xn--bcher-kva.example') },
  { url: 'https://example.com./', want: ok('example.com', 443, [PUBLIC_V4]) },
  { url: 'https://8.8.8.8/', want: ok('8.8.8.8', 443, ['8.8.8.8']), asks: false },
  { url: 'https://[2606:4700:4700::1111]/', want: ok('2606:4700:4700::1111'), asks: false },
  { url: 'https://[::ffff:8.8.8.8]/', want: ok('::ffff:808:808'), asks: false },

  // Scheme and shape
  { url: '', want: 'invalid url', asks: false },
  { url: 'not a url', want: 'invalid url', asks: false },
  { url: 'example.com/hook', want: 'invalid url', asks: false },
  { url: '//example.com/hook', want: 'invalid url', asks: false },
  { url: 'http://example.com/', want: 'invalid url', asks: false },
  { url: 'ftp://example.com/', want: 'invalid url', asks: false },
  { url: 'wss://example.com/', want: 'invalid url', asks: false },
  { url: 'javascript:alert(1)', want: 'invalid url', asks: false },
  { url: 'data:text/plain,hello', want: 'invalid url', asks: false },
  { url: 'file:///etc/passwd', want: 'invalid url', asks: false },
  { url: 'https:example.com', want: 'invalid url', asks: false },
  { url: 'https:/example.com', want: 'invalid url', asks: false },
  { url: 'https:///example.com', want: 'invalid url', asks: false },
  { url: 'https://', want: 'invalid url', asks: false },
  { url: ' https://example.com/', want: 'invalid url', asks: false },
  { url: 'https://example.com/\n', want: 'invalid url', asks: false },
  { url: 'https://exa\tmple.com/', want: 'invalid url', asks: false },
  { url: 'https://exa mple.com/', want: 'invalid url', asks: false },
  { url: 'https://example.com/#section', want: 'invalid url', asks: false },
  { url: 'https://example.com:65536/', want: 'invalid url', asks: false },
  { url: 'https://example.com:-1/', want: 'invalid url', asks: false },
  { url: 'https://1.2.3.4.5/', want: 'invalid url', asks: false },
  { url: 'https://[::1/', want: 'invalid url', asks: false },
  { url: 'https://[fe80::1%25eth0]/', want: 'invalid url', asks: false },
  { url: 'https://*.example.com/', want: 'invalid url', asks: false },
  { url: 'https://a..b.example.com/', want: 'invalid url', asks: false },
  { url: `https://${'a'.repeat(64)}.com/`, want: 'invalid url', asks: false },
  { url: `https://${Array(60).fill('abcd').join('.')}.com/`, want: 'invalid url', asks: false },
  { url: `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH)}`, want: 'invalid url', asks: false },

  // Credentials and parser disagreements
  { url: 'https://user@example.com/', want: 'invalid url', asks: false },
  { url: 'https://user:pass@example.com/', want: 'invalid url', asks: false },
  { url: 'https://:pass@example.com/', want: 'invalid url', asks: false },
  { url: 'https://@example.com/', want: 'invalid url', asks: false },
  { url: 'https://example.com@127.0.0.1/', want: 'invalid url', asks: false },
  { url: 'https://example.com%40127.0.0.1/', want: 'invalid url', asks: false },
  { url: 'https://127.0.0.1#@example.com', want: 'invalid url', asks: false },
  { url: 'https://example.com\\@127.0.0.1/', want: 'invalid url', asks: false },
  { url: 'https:\\\\127.0.0.1/', want: 'invalid url', asks: false },
  { url: 'https://example.com\\.127.0.0.1/', want: 'invalid url', asks: false },

  // IPv4 literals in every spelling the WHATWG parser turns into a refused address
  { url: 'https://127.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://2130706433/', want: 'address not allowed', asks: false },
  { url: 'https://0x7f.1/', want: 'address not allowed', asks: false },
  { url: 'https://0x7f000001/', want: 'address not allowed', asks: false },
  { url: 'https://0177.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://127.1/', want: 'address not allowed', asks: false },
  { url: 'https://127.0.0.1./', want: 'address not allowed', asks: false },
  { url: 'https://%31%32%37.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://\uff10x7f.1/', want: 'address not allowed', asks: false },
  { url: 'https://0/', want: 'address not allowed', asks: false },
  { url: 'https://10.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://012.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://167772161/', want: 'address not allowed', asks: false },
  { url: 'https://172.16.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://192.168.1.1/', want: 'address not allowed', asks: false },
  { url: 'https://0xc0.0xa8.1.1/', want: 'address not allowed', asks: false },
  { url: 'https://100.64.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://100.100.100.200/', want: 'address not allowed', asks: false },
  { url: 'https://169.254.169.254/', want: 'address not allowed', asks: false },
  { url: 'https://0xa9fea9fe/', want: 'address not allowed', asks: false },
  { url: 'https://192.0.0.192/', want: 'address not allowed', asks: false },
  { url: 'https://192.0.2.1/', want: 'address not allowed', asks: false },
  { url: 'https://198.18.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://224.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://240.0.0.1/', want: 'address not allowed', asks: false },
  { url: 'https://255.255.255.255/', want: 'address not allowed', asks: false },
  { url: 'https://168.63.129.16/', want: 'address not allowed', asks: false },

  // IPv6 literals in every non-public range
  { url: 'https://[::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[::]/', want: 'address not allowed', asks: false },
  { url: 'https://[0:0:0:0:0:0:0:1]/', want: 'address not allowed', asks: false },
  { url: 'https://[fe80::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[fc00::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[fd00:ec2::254]/', want: 'address not allowed', asks: false },
  { url: 'https://[fec0::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[ff02::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[2001:db8::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[::ffff:127.0.0.1]/', want: 'address not allowed', asks: false },
  { url: 'https://[::ffff:7f00:1]/', want: 'address not allowed', asks: false },
  { url: 'https://[::ffff:169.254.169.254]/', want: 'address not allowed', asks: false },
  { url: 'https://[::127.0.0.1]/', want: 'address not allowed', asks: false },
  { url: 'https://[64:ff9b::a9fe:a9fe]/', want: 'address not allowed', asks: false },
  { url: 'https://[64:ff9b::808:808]/', want: 'address not allowed', asks: false },
  { url: 'https://[2002:7f00:1::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[2002:808:808::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[2001::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[2001:20::1]/', want: 'address not allowed', asks: false },
  { url: 'https://[100::1]/', want: 'address not allowed', asks: false },

  // Names: local and metadata names are refused before DNS, others by what they resolve to
  { url: 'https://localhost/', want: 'address not allowed', asks: false },
  { url: 'https://LOCALHOST./', want: 'address not allowed', asks: false },
  { url: 'https://api.localhost/', want: 'address not allowed', asks: false },
  { url: 'https://printer.local/', want: 'address not allowed', asks: false },
  { url: 'https://db.internal/', want: 'address not allowed', asks: false },
  { url: 'https://router.home.arpa/', want: 'address not allowed', asks: false },
  { url: 'https://intranet/', want: 'address not allowed', asks: false },
  { url: 'https://metadata/', want: 'address not allowed', asks: false },
  { url: 'https://metadata.google.internal/', want: 'address not allowed', asks: false },
  { url: 'https://metadata.goog/', want: 'address not allowed', asks: false },
  { url: 'https://instance-data/', want: 'address not allowed', asks: false },
  { url: 'https://instance-data.ec2.internal/', want: 'address not allowed', asks: false },
  { url: 'https://rebind.example.com/', want: 'address not allowed' },
  { url: 'https://mixed.example.com/', want: 'address not allowed' },
  { url: 'https://mixed6.example.com/', want: 'address not allowed' },
  { url: 'https://cgnat.example.com/', want: 'address not allowed' },
  { url: 'https://mapped.example.com/', want: 'address not allowed' },
  { url: 'https://nat64.example.com/', want: 'address not allowed' },
  { url: 'https://meta.example.com/', want: 'address not allowed' },
  { url: 'https://awsv6.example.com/', want: 'address not allowed' },
  { url: 'https://zoned.example.com/', want: 'address not allowed' },
  { url: 'https://garbage.example.com/', want: 'address not allowed' },

  // Ports
  { url: 'https://example.com:8443/', want: 'address not allowed', asks: false },
  { url: 'https://example.com:80/', want: 'address not allowed', asks: false },
  { url: 'https://example.com:0/', want: 'address not allowed', asks: false },
  { url: 'https://example.com:00443/', want: ok('example.com', 443) },
  { url: 'https://8.8.8.8:22/', want: 'address not allowed', asks: false },

  // DNS failures
  { url: 'https://nxdomain.example.com/', want: 'dns failed' },
  { url: 'https://empty.example.com/', want: 'dns failed' },

  // allowPrivate: address and port rules relaxed, metadata, scheme and credentials rules kept
  { url: 'https://127.0.0.1:8443/', allowPrivate: true, want: ok('127.0.0.1', 8443, ['127.0.0.1']), asks: false },
  { url: 'https://0x7f.1:8443/', allowPrivate: true, want: ok('127.0.0.1', 8443), asks: false },
  { url: 'https://[::1]:8443/', allowPrivate: true, want: ok('::1', 8443, ['::1']), asks: false },
  { url: 'https://10.0.0.1/', allowPrivate: true, want: ok('10.0.0.1', 443), asks: false },
  { url: 'https://localhost:3000/', allowPrivate: true, want: ok('localhost', 3000, ['127.0.0.1', '::1']) },
  { url: 'https://receiver/', allowPrivate: true, want: ok('receiver', 443, ['172.18.0.3']) },
  { url: 'https://rebind.example.com/', allowPrivate: true, want: ok('rebind.example.com', 443, ['127.0.0.1']) },
  { url: 'https://example.com:8443/', allowPrivate: true, want: ok('example.com', 8443) },
  { url: 'https://169.254.169.254/', allowPrivate: true, want: 'address not allowed', asks: false },
  { url: 'https://[::ffff:169.254.169.254]/', allowPrivate: true, want: 'address not allowed', asks: false },
  { url: 'https://[fd00:ec2::254]/', allowPrivate: true, want: 'address not allowed', asks: false },
  { url: 'https://100.100.100.200/', allowPrivate: true, want: 'address not allowed', asks: false },
  { url: 'https://metadata.google.internal/', allowPrivate: true, want: 'address not allowed', asks: false },
  { url: 'https://metadata/', allowPrivate: true, want: 'address not allowed', asks: false },
  { url: 'https://meta.example.com/', allowPrivate: true, want: 'address not allowed' },
  { url: 'https://garbage.example.com/', allowPrivate: true, want: 'address not allowed' },
  { url: 'https://127.0.0.1:0/', allowPrivate: true, want: 'address not allowed', asks: false },
  // Local development: http is allowed too (ARCHITECTURE.md "Working with other tools"); other schemes are not.
  { url: 'http://127.0.0.1:8080/', allowPrivate: true, want: ok('127.0.0.1', 8080, ['127.0.0.1']), asks: false },
  { url: 'ftp://127.0.0.1:8080/', allowPrivate: true, want: 'invalid url', asks: false },
  { url: 'https://user:pw@127.0.0.1:8443/', allowPrivate: true, want: 'invalid url', asks: false },
  { url: 'https://127.0.0.1:8443/#x', allowPrivate: true, want: 'invalid url', asks: false },
  { url: 'https://nxdomain.example.com/', allowPrivate: true, want: 'dns failed' },
];

/** Runs one row against the fake zone and returns the result and the names DNS was asked. */
async function run(row: Row) {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    const answer = zone[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  };
  const result = await checkWebhookUrl(row.url, { allowPrivate: row.allowPrivate ?? false, resolve });
  return { result, asked };
}

const table = suite('webhook-url: scenario table');

for (const row of rows) {
  const shown = row.url.length > 80 ? `${row.url.slice(0, 60)}…` : row.url;
  const label = `${JSON.stringify(shown)}${row.allowPrivate ? ' (allowPrivate)' : ''}`;
  const expected = typeof row.want === 'string' ? row.want : `ok ${row.want.host}`;
  table(`${label} → ${expected}`, async () => {
    const { result, asked } = await run(row);
    if (typeof row.want === 'string') {
      assert.equal(result, { ok: false, error: row.want });
    } else {
      assert.ok(result.ok, `refused: ${JSON.stringify(result)}`);
      if (!result.ok) return;
      assert.is(result.host, row.want.host);
      assert.is(result.port, row.want.port ?? 443);
      if (row.want.addresses) assert.equal(result.addresses, row.want.addresses);
      assert.is(result.url.protocol, new URL(row.url).protocol, 'the scheme asked for (http only with allowPrivate)');
      for (const a of result.addresses) assert.ok(net.isIP(a) !== 0, `${a} is an IP`);
    }
    if (row.asks === false) assert.equal(asked, [], 'decided without DNS');
  });
}

const rules = suite('webhook-url: rules outside the table');

rules('the table holds at least 60 cases', () => {
  assert.ok(rows.length >= 60, `${rows.length} rows`);
});

rules('a trailing dot is kept for the DNS question and dropped from host', async () => {
  const { result, asked } = await run({ url: 'https://example.com./x', want: ok('example.com') });
  assert.equal(asked, ['example.com.']);
  assert.ok(result.ok && result.host === 'example.com');
});

rules('a resolver that throws something other than an Error still means dns failed', async () => {
  const result = await checkWebhookUrl('https://example.com/', {
    allowPrivate: false,
    resolve: () => Promise.reject('boom'),
  });
  assert.equal(result, { ok: false, error: 'dns failed' });
});

rules('the url kept is the WHATWG-normalised one, path and query intact', async () => {
  const { result } = await run({ url: 'HTTPS://Example.COM:443/a/b?c=d', want: ok('example.com') });
  assert.ok(result.ok);
  if (result.ok) assert.is(result.url.href, 'https://example.com/a/b?c=d');
});

const resolver = suite('webhook-url: defaultResolve');

resolver('answers every address of localhost from the hosts file', async () => {
  const addresses = await defaultResolve('localhost');
  assert.ok(addresses.length >= 1);
  assert.ok(
    addresses.every((a) => net.isIP(a) !== 0),
    addresses.join(','),
  );
  assert.ok(addresses.includes('127.0.0.1') || addresses.includes('::1'), addresses.join(','));
});

resolver('an IP asked as a name comes back unchanged', async () => {
  assert.equal(await defaultResolve('127.0.0.1'), ['127.0.0.1']);
});

table.run();
rules.run();
resolver.run();
