// The builder's autosave (client/admin/builder/use-autosave.ts) in happy-dom: quick changes make one
// save of the last text after the pause; a save that fails shows "Not saved: offline" and is tried
// again when the browser is back online; a refusal shows its reason; flush saves at once.
import { act, mount, settle, type, unmountAll } from '../helpers/dom.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { useState } from 'preact/hooks';
import { html } from '../../client/renderer/html.ts';
import { AUTOSAVE_DELAY_MS, saveText, useAutosave, type SaveFailure } from '../../client/admin/builder/use-autosave.ts';

// The hook listens on the window (online, beforeunload), as a browser script does.
for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent'] as const) {
  Object.defineProperty(globalThis, name, {
    value: (window as any)[name].bind(window),
    configurable: true,
    writable: true,
  });
}

const failure: SaveFailure = (err) => ({
  offline: (err as Error).message === 'offline',
  reason: (err as Error).message,
});

interface Probe {
  saves: string[];
  /** What the next save does: resolve, or throw with this message. */
  next: 'ok' | 'offline' | 'refused';
  flush?: () => Promise<boolean>;
}

function Harness({ probe }: { probe: Probe }) {
  const [text, setText] = useState('a');
  const save = async (t: string) => {
    if (probe.next !== 'ok') throw new Error(probe.next === 'offline' ? 'offline' : 'text: too long');
    probe.saves.push(t);
    return t.length;
  };
  const s = useAutosave(text, true, save, () => undefined, failure);
  probe.flush = s.flush;
  return html`<div><label for="t">Text</label><input
      id="t"
      value=${text}
      onInput=${(e: Event) => setText((e.target as HTMLInputElement).value)}
    />
    <p id="state">${saveText(s.state)}</p></div>`;
}

const pause = () => settle(AUTOSAVE_DELAY_MS + 50);
const stateText = (root: HTMLElement) => root.querySelector('#state')!.textContent;

const autosave = suite('autosave');
autosave.after.each(unmountAll);

autosave('quick changes make one save of the last text, after the pause', async () => {
  const probe: Probe = { saves: [], next: 'ok' };
  const root = await mount(html`<${Harness} probe=${probe} />`);
  assert.is(stateText(root), 'Draft saved', 'nothing to save at first');
  const input = root.querySelector('input')!;
  for (const t of ['ab', 'abc', 'abcd']) await type(input, t);
  assert.is(stateText(root), 'Saving…');
  assert.equal(probe.saves, [], 'not before the pause');
  await pause();
  assert.equal(probe.saves, ['abcd']);
  assert.is(stateText(root), 'Draft saved');
});

autosave('offline: says so, and saves when the browser is back online', async () => {
  const probe: Probe = { saves: [], next: 'offline' };
  const root = await mount(html`<${Harness} probe=${probe} />`);
  await type(root.querySelector('input')!, 'changed');
  await pause();
  assert.is(stateText(root), 'Not saved: offline');
  probe.next = 'ok';
  await act(() => void window.dispatchEvent(new window.Event('online')));
  await settle();
  assert.equal(probe.saves, ['changed']);
  assert.is(stateText(root), 'Draft saved');
});

autosave('a refusal shows its reason; flush saves at once', async () => {
  const probe: Probe = { saves: [], next: 'refused' };
  const root = await mount(html`<${Harness} probe=${probe} />`);
  await type(root.querySelector('input')!, 'x'.repeat(10));
  await pause();
  assert.is(stateText(root), 'Not saved: text: too long');
  probe.next = 'ok';
  await type(root.querySelector('input')!, 'short');
  let ok = false;
  await act(async () => {
    ok = await probe.flush!();
  });
  assert.ok(ok);
  assert.equal(probe.saves, ['short'], 'saved without waiting for the pause');
  assert.is(stateText(root), 'Draft saved');
});

autosave.run();
