// `signature`: drawn on a canvas with a pointer, or typed ("Type instead": the name is drawn on the canvas
// in a handwriting font), then sent as a PNG through the file upload machinery (uploads/, like the file
// field), so the value is an upload id as a file field's is. Without an upload target (FormRenderer on
// its own) the value is the PNG as a data URL. Clear empties it. The page without JavaScript (NoScript)
// says that signing needs JavaScript. Loaded only for forms with a signature.
import { html } from '../html.ts';
import { UploadContext, useContext, useEffect, useRef, useState } from '../lazy/parts.ts';
import type { ControlProps } from '../types.ts';
import { type UploadHandle, uploadFile } from '../uploads/upload-file.ts';
import { wordsOf } from './words.ts';

export { giveParts } from '../lazy/parts.ts';
/** The type's rules, added to the browser's registry as the module arrives (list.ts). */
export { signature as core } from '../../../shared/fields/types/signature.ts';

/** This module's English words (de, fr and es translate them in shared/engine/i18n). */
export const signatureWords = {
  signHere: 'Signature: draw with your mouse, finger or pen',
  typeInstead: 'Type instead',
  drawInstead: 'Draw instead',
  typeName: 'Type your name',
  clearSignature: 'Clear',
  signatureSaving: 'Saving the signature…',
  signatureSaved: 'Signature saved',
  uploadFailed: 'The file could not be sent. Try again.',
  signatureNeedsScript: 'Signing needs JavaScript: turn it on in your browser to sign this form.',
};
const useText = wordsOf(signatureWords);

/** How long drawing must pause before the signature is sent (each stroke would be an upload otherwise). */
const SEND_AFTER_MS = 700;
/** The canvas's height in CSS pixels; its width is the field's. */
const HEIGHT = 160;
const FONT = '"Segoe Script", "Bradley Hand", "Brush Script MT", cursive';

/** Pictures of this page's signatures by value, so a step shown again draws the signature it sent. */
const pictures = new Map<string, string>();

/** The signature pad. */
export function Control(p: ControlProps) {
  const t = useText();
  const { target, busy } = useContext(UploadContext);
  const canvas = useRef<HTMLCanvasElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [typing, setTyping] = useState(false);
  const [status, setStatus] = useState<'' | 'saving' | 'saved' | 'failed'>('');
  const wait = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<UploadHandle | undefined>(undefined);
  const pen = useRef<{ x: number; y: number } | undefined>(undefined);
  const key = p.field.key;

  const context = () => canvas.current?.getContext('2d') ?? undefined;
  const wipe = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
  };
  useEffect(() => {
    // The drawing surface at the screen's resolution, so lines stay sharp.
    const c = canvas.current!;
    const ratio = window.devicePixelRatio || 1;
    c.width = Math.round(c.clientWidth * ratio);
    c.height = Math.round(HEIGHT * ratio);
    const g = context()!;
    g.scale(ratio, ratio);
    g.lineWidth = 2.5;
    g.lineCap = g.lineJoin = 'round';
    g.strokeStyle = g.fillStyle = getComputedStyle(c).color;
    const earlier = typeof p.value === 'string' ? pictures.get(p.value) : undefined;
    if (earlier) {
      const img = new Image();
      img.onload = () => g.drawImage(img, 0, 0, c.clientWidth, HEIGHT);
      img.src = earlier;
      setStatus('saved');
    }
    return stop;
  }, []);

  function stop() {
    clearTimeout(wait.current);
    running.current?.cancel();
    running.current = undefined;
    busy.delete(key);
  }
  /** Something was drawn or typed: the signature is sent once the person pauses. */
  const changed = (empty: boolean) => {
    stop();
    setStatus('');
    p.onChange('');
    if (empty) return;
    busy.add(key);
    wait.current = setTimeout(send, SEND_AFTER_MS);
  };
  const send = () => {
    const c = canvas.current!;
    const picture = c.toDataURL('image/png');
    if (!target) {
      busy.delete(key);
      pictures.set(picture, picture);
      return p.onChange(picture);
    }
    setStatus('saving');
    c.toBlob((blob) => {
      const handle = uploadFile(target.url(key), new File([blob!], 'signature.png', { type: 'image/png' }), () => {});
      running.current = handle;
      handle.done.then(
        (u) => {
          if (running.current !== handle) return;
          running.current = undefined;
          busy.delete(key);
          pictures.set(u.upload_id, picture);
          setStatus('saved');
          p.onChange(u.upload_id);
        },
        () => {
          if (running.current !== handle) return;
          running.current = undefined;
          busy.delete(key);
          setStatus('failed');
        },
      );
    }, 'image/png');
  };

  const point = (e: PointerEvent) => {
    const r = canvas.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: PointerEvent) => {
    if (typing) return;
    canvas.current!.setPointerCapture(e.pointerId);
    pen.current = point(e);
    const g = context()!;
    g.beginPath();
    g.moveTo(pen.current.x, pen.current.y);
    // A dot for a tap.
    g.lineTo(pen.current.x + 0.1, pen.current.y);
    g.stroke();
  };
  const move = (e: PointerEvent) => {
    if (!pen.current) return;
    const at = point(e);
    const g = context()!;
    g.lineTo(at.x, at.y);
    g.stroke();
    pen.current = at;
  };
  const up = () => {
    if (!pen.current) return;
    pen.current = undefined;
    changed(false);
  };
  const type = (text: string) => {
    wipe();
    const c = canvas.current!;
    const g = context()!;
    const width = c.clientWidth;
    let size = HEIGHT * 0.4;
    g.font = `${size}px ${FONT}`;
    // Long names shrink to fit the pad.
    const wide = g.measureText(text).width;
    if (wide > width * 0.9) size *= (width * 0.9) / wide;
    g.font = `${size}px ${FONT}`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, width / 2, HEIGHT / 2);
    changed(text.trim() === '');
  };
  const clear = () => {
    wipe();
    if (input.current) input.current.value = '';
    changed(true);
  };
  const switchMode = () => {
    clear();
    setTyping(!typing);
  };
  useEffect(() => {
    if (typing) input.current?.focus();
  }, [typing]);

  return html`<div class="fs-signature">
    <canvas class=${`fs-sign-pad${typing ? ' fs-sign-typed' : ''}`} ref=${canvas} role="img"
      aria-label=${t('signHere')} onPointerDown=${down} onPointerMove=${move} onPointerUp=${up}
      onPointerCancel=${up}></canvas>
    ${
      typing
        ? html`<label class="fs-sign-type">
            <span class="fs-help">${t('typeName')}</span>
            <input class="fs-input" id=${p.id} ref=${input} autocomplete="name" aria-describedby=${p.describedBy}
              onInput=${(e: Event) => type((e.currentTarget as HTMLInputElement).value)} />
          </label>`
        : null
    }
    <div class="fs-sign-actions">
      <button type="button" class="fs-btn fs-btn-text" id=${typing ? undefined : p.id} onClick=${switchMode}>${
        typing ? t('drawInstead') : t('typeInstead')
      }</button>
      <button type="button" class="fs-btn fs-btn-text" onClick=${clear}>${t('clearSignature')}</button>
      <span class="fs-help fs-sign-status" role="status">${
        status === 'saving'
          ? t('signatureSaving')
          : status === 'saved'
            ? t('signatureSaved')
            : status === 'failed'
              ? t('uploadFailed')
              : ''
      }</span>
    </div>
  </div>`;
}

/** The page without JavaScript: a signature cannot be drawn there, and the page says so. */
export function NoScript(p: ControlProps) {
  const t = useText();
  return html`<p class="fs-help fs-sign-note" id=${p.id}>${t('signatureNeedsScript')}</p>`;
}
