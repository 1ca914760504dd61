// An in-panel link: a normal <a> (open in a new tab works), followed without a page load on a plain click.
import type { ComponentChildren } from 'preact';
import { html } from '../../renderer/html.ts';
import { navigate } from '../use-route.ts';

/** A link to a panel path. */
export function Link({
  href,
  children,
  class: className,
  ...rest
}: {
  href: string;
  children: ComponentChildren;
  class?: string;
  'aria-current'?: string;
  'aria-label'?: string;
}) {
  const follow = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return html`<a href=${href} class=${className} aria-current=${rest['aria-current']} aria-label=${rest['aria-label']}
    onClick=${follow}>${children}</a>`;
}
