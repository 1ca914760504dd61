// What the light page adds to the server's form, in the renderer's own markup and classes (form.css styles
// both): a field's error under it, the alert over the fields, the notice of answers kept from last time,
// and the line about a response kept offline. The success screen is not built here: the server draws it
// with the renderer's Success component into a <template> (server/http/pages/hosted-page.ts).

/** Makes an element with a class and text. */
export function element(tag: string, className: string, text = ''): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = text;
  return el;
}

/**
 * Shows `error` (or none) on the field's frame as the renderer does: `fs-invalid`, the message in
 * `<p class="fs-error" id="<control id>-error">` after the help text, and aria-invalid / aria-describedby on
 * the control, or on the fieldset of a radio group (a checkbox group marks its boxes invalid).
 */
export function markField(box: HTMLElement, error: string | undefined): void {
  // An island (light/islands.ts) names its field's id where its control has none (a ranking's buttons).
  const control = box.querySelector<HTMLElement>('input, select, textarea, [data-fs-id]');
  if (!control) return;
  const errorId = `${control.dataset.fsId ?? control.id}-error`;
  let line = box.querySelector<HTMLElement>(':scope > .fs-error');
  box.classList.toggle('fs-invalid', error !== undefined);
  if (error === undefined) line?.remove();
  else {
    line ??= box.appendChild(element('p', 'fs-error'));
    line.id = errorId;
    line.textContent = error;
  }
  const group = box.tagName === 'FIELDSET';
  const described = group ? box : control;
  const ids = (described.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
  if (error !== undefined) ids.push(errorId);
  if (ids.length) described.setAttribute('aria-describedby', ids.join(' '));
  else described.removeAttribute('aria-describedby');
  const invalid = group
    ? box.getAttribute('role') === 'radiogroup'
      ? [box]
      : box.querySelectorAll('input')
    : [control];
  for (const el of invalid) {
    if (error === undefined) el.removeAttribute('aria-invalid');
    else el.setAttribute('aria-invalid', 'true');
  }
}

/** The alert over the fields (client/renderer/alert.ts): a message, its lines, and Try again when it may help. */
export function alertBox(message: string, problems: readonly string[], retry?: { label: string; run(): void }) {
  const box = element('div', 'fs-alert');
  box.setAttribute('role', 'alert');
  box.tabIndex = -1;
  box.append(element('p', '', message));
  if (problems.length) {
    const list = box.appendChild(document.createElement('ul'));
    for (const p of problems) list.append(element('li', '', p));
  }
  if (retry) {
    const button = box.appendChild(element('button', 'fs-btn fs-btn-secondary fs-retry', retry.label));
    button.setAttribute('type', 'button');
    button.addEventListener('click', retry.run);
  }
  return box;
}

/** "Your answers from last time are back." with its Start over button (client/renderer/lazy/resumed.ts). */
export function resumedBox(text: string, startOver: string, onStartOver: () => void) {
  const box = element('div', 'fs-resumed');
  box.setAttribute('role', 'status');
  box.append(element('p', '', text));
  const button = box.appendChild(element('button', 'fs-btn fs-btn-secondary fs-start-over', startOver));
  button.setAttribute('type', 'button');
  button.addEventListener('click', onStartOver);
  return box;
}
