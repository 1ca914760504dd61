// Adds a stylesheet to the page while a component is mounted (the builder's and the renderer's
// styles load with the builder, not with the panel).
import { useEffect } from 'preact/hooks';

/** Links `href` once; the link stays for later visits of the builder (the browser has it cached). */
export function useStylesheet(href: string) {
  useEffect(() => {
    if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }, [href]);
}
