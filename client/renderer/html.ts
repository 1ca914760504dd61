// htm bound to Preact's h: tagged templates instead of JSX, so the renderer needs no JSX build step.
// Browser bundles compile the templates to h() calls at build time (scripts/htm-precompile); this
// binding serves code run from source (the tests) and sites that import `html` from renderer.js.
import { h, type VNode } from 'preact';
import htm from 'htm';

// Marked pure so that a bundle whose templates were all compiled leaves htm out.
/** The renderer's template tag; typed as one VNode (every template here has one root). */
export const html = /* @__PURE__ */ htm.bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;
