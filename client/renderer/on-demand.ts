// Loading the renderer's on-demand modules (client/renderer/lazy/): code only some forms need (the file
// field's uploads, the language switch, the Start over question), each a bundle of its own fetched when
// a form needs it. The module gets this bundle's Preact and contexts (lazy/parts.ts), so nothing is
// shipped twice. Pages load what a form needs before its first render (client/hosted/mount.ts
// prepareForm); until a component's code is here its `standIn` renders, which must be what the page
// without JavaScript shows, since the server renders the same tree and never waits for the code.
import { type ComponentType, h } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { controlAria } from './fields/aria.ts';
import type { RendererParts } from './lazy/parts.ts';
import { UploadContext } from './uploads/upload-context.ts';
import { useWords } from './words.ts';

const parts: RendererParts = {
  h: h as RendererParts['h'],
  useState,
  useEffect,
  useRef,
  useContext,
  useWords,
  UploadContext,
  controlAria,
};

/** Gives a freshly imported on-demand module what it uses (before anything of it renders). */
export function withParts<M extends { giveParts(parts: RendererParts): void }>(module: M): M {
  module.giveParts(parts);
  return module;
}

/** A component whose code is loaded on demand, and a way to fetch that code ahead of the first render. */
export interface OnDemand<P> {
  Component: ComponentType<P>;
  /** Fetches the code once; later calls give the same promise. */
  load(): Promise<void>;
  /** Whether the code has arrived. */
  loaded(): boolean;
}

/** Wraps `load` (an import() of the real component) with `standIn` rendered until it has arrived. */
export function onDemand<P>(load: () => Promise<ComponentType<P>>, standIn: ComponentType<P>): OnDemand<P> {
  let real: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const fetchCode = () => {
    loading ??= load().then((component) => {
      real = component;
    });
    return loading;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per on-demand component, at module level
  function Loaded(props: P) {
    const [, arrived] = useState(false);
    useEffect(() => {
      if (!real)
        fetchCode().then(
          () => arrived(true),
          () => {},
        );
    }, []);
    return h(real ?? standIn, props as P & object);
  }
  return { Component: Loaded, load: fetchCode, loaded: () => real !== undefined };
}
