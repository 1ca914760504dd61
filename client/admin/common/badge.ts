// A small status label.
import type { ComponentChildren } from 'preact';
import { html } from '../../renderer/html.ts';

/** `tone` picks the colour: ok, warn, bad or plain. */
export const Badge = ({
  tone = 'plain',
  children,
}: {
  tone?: 'ok' | 'warn' | 'bad' | 'plain';
  children: ComponentChildren;
}) => html`<span class=${`badge badge-${tone}`}>${children}</span>`;
