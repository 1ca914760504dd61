// The light page's script (/assets/light.js): the hosted page of a form that light/eligible.ts finds light
// (the server picks this script or /assets/hosted.js). It makes the server's form live in place, without
// Preact or the renderer; everything it needs is in #formstead's data attributes, as for hosted.js.
import type { VisitSource } from '../../../shared/api/visit-source.ts';
import { keepForOffline } from '../offline-page.ts';
import type { PublicFormView } from '../view.ts';
import { addFieldTypeCore } from '../../../shared/fields/registry-browser.ts';
import { allFields } from '../../renderer/engine.ts';
import { LIGHT_ISLANDS, LIGHT_LATER_CORES, movingForm } from './eligible.ts';
import type { mountIslands } from './islands.ts';
import { lightForm } from './light-form.ts';
import type { liveSteps } from './steps.ts';
import { useConditionsCode as putConditions } from '../../../shared/engine/conditions.ts';

const embedded = document.body.classList.contains('fs-embed') && window.parent !== window;
const frame = embedded ? import('../in-frame.ts') : undefined;
frame?.then((m) => m.followFrame());

const root = document.getElementById('formstead');
if (root?.dataset.view && root.dataset.formId && root.dataset.renderToken) {
  const view: PublicFormView & { prefill?: Record<string, unknown>; source?: VisitSource } = {
    ...JSON.parse(root.dataset.view),
    form_id: root.dataset.formId,
    render_token: root.dataset.renderToken,
  };
  const id = encodeURIComponent(view.form_id);
  // The rules of a rating, scale, NPS or matrix come first (light/survey-cores.ts); a form with a ranking or
  // a signature fetches their islands instead, which bring every survey type's rules (light/islands.ts: one
  // request). A form with steps or show conditions fetches light/steps.ts, with the conditions' code. Until
  // then the server's form posts as it does without script.
  const types = allFields(view.definition).map((f) => f.type);
  const later = [
    types.some((t) => LIGHT_ISLANDS.has(t))
      ? import('./islands.ts')
      : types.some((t) => LIGHT_LATER_CORES.has(t)) && import('./survey-cores.ts'),
    movingForm(view.definition) && import('./steps.ts'),
  ] as const;
  const live = (islands?: typeof mountIslands, steps?: typeof liveSteps) =>
    lightForm(root, {
      islands,
      steps,
      view,
      endpoint: `/v1/f/${id}`,
      events: { url: `/v1/f/${id}/events`, source: view.source ?? {} },
      prefill: view.prefill,
      // In the embed's iframe the host page follows the redirect (in-frame.ts); else this window does.
      onRedirect: (url) =>
        frame ? frame.then((m) => m.tellHost({ type: 'formstead:redirect', url })) : window.location.assign(url),
    });
  if (later.some(Boolean))
    Promise.all(later).then(([m, s]) => {
      if (m) m.cores.forEach(addFieldTypeCore);
      if (s) putConditions(s.conditionsCode);
      live(m && 'mountIslands' in m ? m.mountIslands : undefined, s ? s.liveSteps : undefined);
    });
  else live();
  // Once the page has loaded, the service worker keeps it for opening offline next time.
  addEventListener('load', keepForOffline);
}
