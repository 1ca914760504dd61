// Entry of /assets/renderer.js: the renderer library with Preact, plus mountForm for the embed's
// inline mode. Sites can also import FormRenderer from it and render their own definitions. mountForm's
// code (posting, the theme, the offline queue) is a chunk of its own that only the inline embed loads, so
// a site that renders its own definitions does not download it.
import type { MountOptions } from './mount.ts';
import type { PublicFormView } from './view.ts';

export * from '../renderer/index.ts';
export type { MountOptions } from './mount.ts';
export type { PublicFormView } from './view.ts';
export { h, render } from 'preact';
export { html } from '../renderer/html.ts';

/** Renders a Formstead form (or its closed notice) into `target`; returns a function that removes it. */
export function mountForm(target: Element, view: PublicFormView, opts: MountOptions): () => void {
  let removed = false;
  let remove = () => {};
  import('./embed-mount.ts').then((m) => {
    if (!removed) remove = m.mountForm(target, view, opts);
  });
  return () => {
    removed = true;
    remove();
  };
}
