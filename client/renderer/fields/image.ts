// Pictures of fields and options (ARCHITECTURE.md Wave 4): the definition names them by address
// (`/i/<id>`); the host tells where each loads from and its size, so the page keeps its layout as
// pictures arrive (width and height attributes) and never scrolls sideways (the CSS caps the width).
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { html } from '../html.ts';

/** A picture as the host gives it: where to load it from and its size in pixels. */
export interface FormImage {
  src: string;
  width: number;
  height: number;
}

/** The pictures by the address the definition names them with; provided by FormRenderer from its `images` prop. */
export const ImageContext = createContext<Readonly<Record<string, FormImage>>>({});

/** One picture, loaded lazily; `alt` "" for a picture its label already names. */
export function Picture(p: { url: string; alt: string; className: string }) {
  const known = useContext(ImageContext)[p.url];
  return html`<img class=${p.className} src=${known?.src ?? p.url} alt=${p.alt} width=${known?.width}
    height=${known?.height} loading="lazy" decoding="async" />`;
}
