// A date as people read it: relative when recent ("3 min ago"), the full time on hover. One shared
// minute timer keeps every shown date current ("just now" becomes "1 min ago" without a reload).
import { useEffect, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { fullTime, relative } from './format.ts';

const watchers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** Re-renders the caller once a minute while it is mounted (one interval for all of them). */
function useMinute() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const watcher = () => setTick((t) => t + 1);
    watchers.add(watcher);
    timer ??= setInterval(
      () =>
        watchers.forEach((w) => {
          w();
        }),
      60_000,
    );
    return () => {
      watchers.delete(watcher);
      if (watchers.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }, []);
}

/** A <time> with the relative text, the full time as its title and the ISO value as datetime. */
export function Time({ iso }: { iso: string | null | undefined }) {
  useMinute();
  if (!iso) return html`<span>—</span>`;
  return html`<time datetime=${iso} title=${fullTime(iso)}>${relative(iso)}</time>`;
}
