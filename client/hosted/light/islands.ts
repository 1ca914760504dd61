// The light page's islands (/assets/light-islands.js): the controls the server cannot draw live, a ranking
// and a signature, as the renderer's own components (client/renderer/types/ranking.ts, signature.ts) mounted
// with Preact into their server-drawn field boxes. Fetched only by light pages of forms with one of them
// (light/main.ts), in place of light-cores.js, before the form goes live; the rest of the page stays the
// server's form (light-form.ts). The answers live in the light page's FormState: each island renders the
// field's value and hands its changes to the page, whose marks show the field's problem as for any other.
import { h, render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { controlAria, describedBy, isRequired } from '../../renderer/fields/aria.ts';
import type { RendererParts } from '../../renderer/lazy/parts.ts';
import * as ranking from '../../renderer/types/ranking.ts';
import * as signature from '../../renderer/types/signature.ts';
import type { UploadState } from '../../renderer/uploads/upload-context.ts';
import type { LightPage } from './page.ts';
import { cores as surveyCores } from './survey-cores.ts';

/**
 * The types whose field the light page draws as an island, with their live controls: the controls alone,
 * since a namespace object would keep every export of the modules (their NoScript, the server's).
 */
const controls = { ranking: ranking.Control, signature: signature.Control };

/**
 * The rules of the island types and of the other survey types (light/survey-cores.ts), added to the page's
 * registry before its FormState is made (light/main.ts): a survey with a ranking mostly has those too, and
 * one request in one stream costs less than two (283 bytes for the survey of `npm run bench bundle`).
 */
export const cores = [...surveyCores, ranking.core, signature.core];

/** The islands of one form: draw them afresh (the form restarted); whether a signature is still uploading. */
export interface Islands {
  reset(): void;
  /** True while an upload is on its way: the page does not send, and its alert goes once the upload is done. */
  uploading(): boolean;
}

/** Mounts an island in each box of the page's fields whose type has one; they follow the page's state. */
export function mountIslands(page: LightPage): Islands {
  const { state } = page;
  // The fields uploading now: Send waits (its alert says so) until they are done.
  const busy = new Set<string>();
  let waiting = false;
  const uploads: UploadState = {
    target: {
      url: (k) => `${page.endpoint}/uploads?field=${encodeURIComponent(k)}`,
      maxBytes: page.view.upload_max_bytes,
    },
    busy,
  };
  // Both modules read their parts from one place (client/renderer/lazy/parts.ts): given once. The page has
  // one upload state and no provider above the islands, so the context a signature asks for is that state
  // itself (Preact's context code stays out of this file).
  ranking.giveParts({
    h,
    useState,
    useEffect,
    useRef,
    useContext: () => uploads,
    useWords: page.words,
    controlAria,
  } as unknown as RendererParts);
  let round = 0;
  const islands = page.fields.flatMap((field) => {
    const Control = controls[field.type as keyof typeof controls];
    const box = page.box(field.key);
    // The server's markup for a post without script (legend, then the control's own): replaced by the island.
    const plain = box?.querySelector(':scope > legend')?.nextElementSibling;
    if (!Control || !box || !plain) return [];
    const id = (plain.id ? plain : plain.querySelector('[id]'))?.id ?? field.key;
    const host = document.createElement('div');
    host.dataset.fsId = id;
    plain.replaceWith(host);
    const draw = () => {
      const error = page.error(field.key);
      render(
        h(Control, {
          key: round,
          field,
          id,
          name: field.key,
          value: state.values[field.key],
          error,
          describedBy: describedBy(id, field, error),
          required: isRequired(field),
          options: field.options ?? [],
          loading: false,
          onChange: (value: unknown) => page.change(field, value),
          // autoAdvance's commit: a ranking and a signature never ask for it (the point types do).
          onCommit: () => {},
        }),
        host,
      );
    };
    draw();
    return [draw];
  });
  const all = () => {
    for (const draw of islands) draw();
  };
  state.subscribe(() => {
    all();
    // The upload Send waited for is done: its alert goes.
    if (waiting && !busy.size) {
      waiting = false;
      page.showAlert(undefined);
    }
  });
  return {
    reset() {
      round++;
      all();
    },
    uploading: () => (waiting = busy.size > 0),
  };
}
