// Entry of /assets/renderer.js: the renderer library with Preact, plus mountForm for the embed's
// inline mode. Sites can also import FormRenderer from it and render their own definitions.
export * from '../renderer/index.ts';
export { mountForm, type MountOptions } from './mount.ts';
export type { PublicFormView } from './view.ts';
export { h, render } from 'preact';
export { html } from '../renderer/html.ts';
