// "After this step": routes as sentences, "when [condition], then go to [a later step | the end]",
// checked in order; with none matching, the form goes on to the next step.
import type { FormDefinition } from '../../../shared/definition/schema.ts';
import { html } from '../../renderer/html.ts';
import { ConditionsEditor } from './conditions-editor.ts';
import { keepFocus } from './focus.ts';
import {
  addRoute,
  fallbackOf,
  moveRoute,
  partProblems,
  removeRoute,
  routeTargets,
  setFallback,
  setRouteTarget,
  type PlacedProblem,
} from './model/index.ts';
import type { Builder } from './use-builder.ts';

/** The Otherwise select's value for "the form ends" (step ids cannot hold a space). */
const END = ' end';

/** The routes of step `step`, and where everyone else goes. */
export function RoutesEditor({
  def,
  step,
  b,
  problems,
  readOnly,
}: {
  def: FormDefinition;
  step: number;
  b: Builder;
  problems: readonly PlacedProblem[];
  readOnly: boolean;
}) {
  const all = def.steps![step].routes ?? [];
  const fallback = fallbackOf(def, step);
  // The "Otherwise" route (a last one without conditions) is chosen below the list, not in it.
  const routes = fallback === undefined ? all : all.slice(0, -1);
  const targets = routeTargets(def, step);
  const last = step === def.steps!.length - 1;
  const next = def.steps![step + 1];
  return html`<section class="b-routes" aria-labelledby="b-routes-title">
    <h3 id="b-routes-title">After this step</h3>
    <ol class="b-route-list">
      ${routes.map((r, i) => {
        const n = i + 1;
        const mine = problems.filter(
          (p) => p.step === step && (p.rest === `routes[${i}]` || p.rest.startsWith(`routes[${i}].`)),
        );
        const toProblems = partProblems(mine, `routes[${i}].to`);
        const known = r.to === null || targets.some((t) => t.id === r.to);
        const conditionProblems = [
          ...partProblems(mine, `routes[${i}].show`),
          ...partProblems(mine, `routes[${i}].showAny`),
        ];
        // Read top to bottom as the sentence people think in: "Route 1 applies when [Role] [is]
        // [Designer], then go to [Design questions]" (the target used to come first).
        return html`<li class="b-route">
          <${ConditionsEditor} def=${def} b=${b} target=${{ kind: 'route', step, index: i }}
            place=${{ kind: 'route', step }} what=${`Route ${n} applies`} problems=${conditionProblems}
            readOnly=${readOnly} />
          <div class="row b-route-to">
            <label class="inline">then go to
              <select value=${r.to === null ? '' : r.to} aria-invalid=${toProblems.length ? 'true' : undefined}
                onChange=${(e: Event) => {
                  const v = (e.target as HTMLSelectElement).value;
                  b.edit((d) => setRouteTarget(d, step, i, v === '' ? null : v));
                }}>
                ${!known && html`<option value=${r.to}>${r.to} (not a later step)</option>`}
                ${targets.map((t) => html`<option value=${t.id}>${t.title || t.id}</option>`)}
                <option value="">the end (submit)</option>
              </select></label>
            ${
              !readOnly &&
              html`<span class="b-moves b-route-moves">
              <button type="button" class="icon" aria-label=${`Check route ${n} earlier`} title="Check earlier"
                disabled=${i === 0} onClick=${() => b.edit((d) => moveRoute(d, step, i, -1))}>↑</button>
              <button type="button" class="icon" aria-label=${`Check route ${n} later`} title="Check later"
                disabled=${i === routes.length - 1} onClick=${() => b.edit((d) => moveRoute(d, step, i, 1))}>↓</button>
              <button type="button" class="icon" aria-label=${`Remove route ${n}`} title="Remove"
                onClick=${() => {
                  // The next route's Remove takes this one's place; after the last, the one before, or Add.
                  keepFocus(`[aria-label="Remove route ${i}"]`, '.b-routes > button');
                  b.edit((d) => removeRoute(d, step, i));
                }}>✕</button>
            </span>`
            }
          </div>
          ${toProblems.length > 0 && html`<p class="field-problem">${toProblems.join('; ')}</p>`}
        </li>`;
      })}
    </ol>
    ${routes.length > 0 && html`<p class="muted small">Routes are checked in order; the first that applies wins.</p>`}
    ${
      last && fallback === undefined
        ? html`<p class="b-otherwise">Otherwise: the form ends.</p>`
        : html`<p class="b-otherwise"><label class="inline">Otherwise:
            <select value=${fallback === undefined ? '' : fallback === null ? END : fallback}
              onChange=${(e: Event) => {
                const v = (e.target as HTMLSelectElement).value;
                b.edit((d) => setFallback(d, step, v === '' ? undefined : v === END ? null : v));
              }}>
              ${next && html`<option value="">next step (${next.title || next.id})</option>`}
              ${targets
                .filter((t, k) => k > 0 || t.id === fallback)
                .map((t) => html`<option value=${t.id}>${t.title || t.id}</option>`)}
              <option value=${END}>the end (submit)</option>
            </select></label></p>`
    }
    ${
      !readOnly &&
      html`<button type="button" class="secondary small" onClick=${() => b.edit((d) => addRoute(d, step).definition)}>
        + Add route
      </button>`
    }
  </section>`;
}
