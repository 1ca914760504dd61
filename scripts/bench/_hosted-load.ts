// What a browser really fetches for the hosted page of a plain contact form: Debian's Chromium (through
// playwright-core, test/helpers/browser.ts) opens /f/{id} on the bundle, a person answers and sends,
// and every script and style sheet it requested meanwhile (the offline modules it fetches later
// included) is counted, each gzipped (level 9) as one file.
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../test/helpers/browser.ts';
import { publish, startBundle } from './_http.ts';

/** A plain contact form: none of the wave-4 question types. */
const contactForm = {
  id: 'contact',
  title: 'Contact us',
  submit: { label: 'Send' },
  fields: [
    { key: 'name', type: 'text', label: 'Your name', validation: { required: true } },
    { key: 'email', type: 'email', label: 'Email', validation: { required: true } },
    { key: 'message', type: 'textarea', label: 'Message', validation: { required: true } },
  ],
};

/** One fetched file: its path, its type as Chromium saw it, and its gzipped size. */
export interface Fetched {
  path: string;
  type: string;
  gzip: number;
}

/** Loads and answers the contact form's hosted page in Chromium; answers the scripts and styles fetched. */
export async function hostedPageLoad(port: number): Promise<Fetched[]> {
  const { url, child } = await startBundle(port);
  const browser = await launchChromium();
  try {
    const id = await publish(url, contactForm);
    const page = await browser.newPage();
    const seen: Promise<Fetched | undefined>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      seen.push(
        res.body().then(
          (body) => ({ path: new URL(res.url()).pathname, type, gzip: gzipSync(body, { level: 9 }).length }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${url}/f/${id}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('A question about the engine.');
    // Sent when the answer's POST is answered (the page shows its thanks in place or moves to it).
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.status() < 300),
      page.getByRole('button', { name: 'Send' }).click(),
    ]);
    await page.waitForLoadState('networkidle');
    return (await Promise.all(seen)).filter((f): f is Fetched => f !== undefined);
  } finally {
    await browser.close();
    child.kill('SIGKILL');
  }
}
