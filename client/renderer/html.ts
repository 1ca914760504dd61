// htm bound to Preact's h: tagged templates instead of JSX, so the renderer needs no JSX build step.
import { h, type VNode } from 'preact';
import htm from 'htm';

/** The renderer's template tag; typed as one VNode (every template here has one root). */
export const html = htm.bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode<any>;
