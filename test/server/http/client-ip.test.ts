// clientIp: the N-th X-Forwarded-For entry from the right, as a table (docs/operations.md "Behind a proxy").
import type { IncomingMessage } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { clientIp } from '../../../server/lib/client-ip.ts';

const req = (header: string | string[] | undefined) =>
  ({ headers: { 'x-forwarded-for': header }, socket: { remoteAddress: '10.0.0.9' } }) as unknown as IncomingMessage;

const rows: [string, string | string[] | undefined, number, string][] = [
  ['no proxy trusted: the socket, whatever the header says', '203.0.113.1', 0, '10.0.0.9'],
  ['one hop: the rightmost entry', '198.51.100.1, 203.0.113.1', 1, '203.0.113.1'],
  ['two hops: the second from the right', '198.51.100.1, 203.0.113.1, 10.0.0.2', 2, '203.0.113.1'],
  ['fewer entries than hops: the socket', '203.0.113.1', 2, '10.0.0.9'],
  ['no header with a hop trusted: the socket', undefined, 1, '10.0.0.9'],
  ['several header lines are one list in order', ['198.51.100.1, 203.0.113.1', '10.0.0.2'], 2, '203.0.113.1'],
  ['an empty entry where the client should be: the socket', '203.0.113.1, , 10.0.0.2', 2, '10.0.0.9'],
  ['spaces around entries are trimmed', ' 203.0.113.1 ', 1, '203.0.113.1'],
  ['an IPv4 address with a port loses the port', '203.0.113.1:51234', 1, '203.0.113.1'],
  ['a bracketed IPv6 address with a port loses both', '[2001:db8::1]:443', 1, '2001:db8::1'],
  ['a bare IPv6 address stays whole', '2001:db8::1', 1, '2001:db8::1'],
];

const ip = suite('clientIp');
for (const [name, header, hops, expected] of rows) ip(name, () => assert.is(clientIp(req(header), hops), expected));
ip.run();
