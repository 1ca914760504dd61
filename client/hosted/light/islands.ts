// The light page's islands (/assets/light-islands.js): the controls the server cannot draw live, a ranking
// and a signature, as the renderer's own components (client/renderer/types/ranking.ts, signature.ts) mounted
// with Preact into their server-drawn field boxes. Fetched only by light pages of forms with one of them
// (light/main.ts), in place of light-cores.js, before the form goes live; the rest of the page stays the
// server's form (light-form.ts). The answers live in the light page's FormState: each island renders the
// field's value and hands its changes to the page, whose marks show the field's problem as for any other.
import { createContext, h, render } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { Catalogue, MessageId, MessageParams } from '../../../shared/engine/i18n/catalogue.ts';
import type { FormField } from '../../renderer/engine.ts';
import { controlAria, describedBy, isRequired } from '../../renderer/fields/aria.ts';
import { fieldBox } from '../../renderer/focus-target.ts';
import type { RendererParts } from '../../renderer/lazy/parts.ts';
import * as ranking from '../../renderer/types/ranking.ts';
import * as signature from '../../renderer/types/signature.ts';
import type { UploadState } from '../../renderer/uploads/upload-context.ts';
import { cores as surveyCores } from './survey-cores.ts';

/** The types whose field the light page draws as an island, with their modules. */
const modules = { ranking, signature };

/**
 * The rules of the island types and of the other survey types (light/survey-cores.ts), added to the page's
 * registry before its FormState is made (light/main.ts): a survey with a ranking mostly has those too, and
 * one request in one stream costs less than two (283 bytes for the survey of `npm run bench bundle`).
 */
export const cores = [...surveyCores, ranking.core, signature.core];

/** What the light page gives its islands (light-form.ts). */
export interface IslandPage {
  /** The page's words for a module's ids, its English (`own`) where the page's language has none. */
  words(own: Catalogue): (id: MessageId, params?: MessageParams) => string;
  /** Where a signature is uploaded, and the fields uploading now (the page does not send meanwhile). */
  uploads: UploadState;
  value(key: string): unknown;
  error(key: string): string | undefined;
  onChange(field: FormField, value: unknown): void;
}

/** The islands of one form: draw them again (values or problems changed) or afresh (the form restarted). */
export interface Islands {
  render(): void;
  reset(): void;
}

/** Mounts an island in each box of `fields` whose type has one; answers how to draw them again. */
export function mountIslands(form: HTMLFormElement, fields: readonly FormField[], page: IslandPage): Islands {
  const UploadContext = createContext(page.uploads);
  for (const m of Object.values(modules))
    m.giveParts({
      h,
      useState,
      useEffect,
      useRef,
      useContext,
      useWords: page.words,
      UploadContext,
      controlAria,
    } as RendererParts);
  let round = 0;
  const islands = fields.flatMap((field) => {
    const Control = modules[field.type as keyof typeof modules]?.Control;
    const box = fieldBox(form, field.key);
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
          value: page.value(field.key),
          error,
          describedBy: describedBy(id, field, error),
          required: isRequired(field),
          options: field.options ?? [],
          loading: false,
          onChange: (value: unknown) => page.onChange(field, value),
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
  return {
    render: all,
    reset() {
      round++;
      all();
    },
  };
}
