// What the renderer's on-demand modules (this folder) take from the bundle that loads them. Each is a
// bundle of its own (scripts/client-entries.mjs lazyModules) and must not carry a Preact of its own:
// hooks work only with the Preact that renders the component, and a context is one object. So these are
// bindings that the loader fills (giveParts, re-exported by every module here) right after import() and
// before anything of the module renders; their templates call this `h` (scripts/htm-precompile).
import type { ComponentType, Context, VNode } from 'preact';
import type {
  useContext as UseContext,
  useEffect as UseEffect,
  useRef as UseRef,
  useState as UseState,
} from 'preact/hooks';
import type { Catalogue, MessageId, MessageParams } from '../../../shared/engine/i18n/catalogue.ts';
import type { ControlProps } from '../types.ts';
import type { UploadState } from '../uploads/upload-context.ts';

/** Everything a module here may use at run time besides its own code. */
export interface RendererParts {
  h(type: string | ComponentType<never>, props: Record<string, unknown> | null, ...children: unknown[]): VNode;
  useState: typeof UseState;
  useEffect: typeof UseEffect;
  useRef: typeof UseRef;
  useContext: typeof UseContext;
  /** The renderer's words in the page's language, `own` (the module's English) where it has none. */
  useWords(own: Catalogue): (id: MessageId, params?: MessageParams) => string;
  UploadContext: Context<UploadState>;
  controlAria(p: ControlProps): Record<string, unknown>;
}

export let h: RendererParts['h'];
export let useState: RendererParts['useState'];
export let useEffect: RendererParts['useEffect'];
export let useRef: RendererParts['useRef'];
export let useContext: RendererParts['useContext'];
export let useWords: RendererParts['useWords'];
export let UploadContext: RendererParts['UploadContext'];
export let controlAria: RendererParts['controlAria'];

/** Fills the bindings above; the loader calls it once, before the module's first render. */
export function giveParts(parts: RendererParts): void {
  ({ h, useState, useEffect, useRef, useContext, useWords, UploadContext, controlAria } = parts);
}
