// What a delivery's error text (spec 7.4: `http 503`, `timeout`, ...) means, in words a form's owner can act
// on: the panel shows these for a test send and in the delivery log instead of the bare text.

/** A sentence for one spec 7.4 error text; an unknown text is returned as it is. */
export function deliveryErrorText(error: string): string {
  const status = /^http (\d{3})$/.exec(error);
  if (status) {
    const code = Number(status[1]);
    if (code >= 300 && code < 400) return `The receiver answered ${code}, a redirect; redirects are not followed.`;
    if (code === 401 || code === 403)
      return `The receiver answered ${code}: it refused the request. Check that it expects this sender and secret.`;
    if (code === 404) return 'The receiver answered 404: nothing is at that address. Check the path.';
    if (code === 408 || code === 425 || code === 429)
      return `The receiver answered ${code}: it was busy or too slow. Deliveries try again later.`;
    if (code >= 400 && code < 500) return `The receiver answered ${code}: it refused the request.`;
    return `The receiver answered ${code}: it had a problem of its own. Deliveries try again later.`;
  }
  return sentences[error] ?? error;
}

const sentences: Record<string, string> = {
  'connection failed':
    'Nothing answered at that address: the connection failed. Check the address, and that the receiving ' +
    'server is running and reachable.',
  timeout: 'The receiver did not answer within 10 seconds.',
  'tls error':
    'The secure connection failed: the receiver’s certificate is not valid for this address, has expired, ' +
    'or is not trusted.',
  'dns failed': 'The address’s host name could not be found. Check its spelling.',
  'address not allowed':
    'The address leads to a private or local network (or uses a port other than 443), which is not allowed.',
  'invalid url': 'The address is not allowed: it must start with https:// and hold no user name or password.',
};
