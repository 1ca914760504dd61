// A titled block of a page.
import type { ComponentChildren } from 'preact';
import { html } from '../../renderer/html.ts';

/** A card with a heading. */
export const Section = ({ title, children }: { title: string; children: ComponentChildren }) =>
  html`<section class="card"><h2>${title}</h2>${children}</section>`;
