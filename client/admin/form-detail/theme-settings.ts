// Settings › Look: the form's accent colour, corner radius, font, light/dark mode and logo, used by the
// hosted page and both embeds. Only picked values are stored (colours as #rrggbb), never CSS.
import type { FormTheme } from '../../../shared/api/theme.ts';
import { THEME_RADIUS_MAX, themeModeClass, themeProperties } from '../../../shared/api/theme-values.ts';
import { html } from '../../renderer/html.ts';
import { ImagePicker } from '../common/image-picker.ts';
import { Section } from '../common/section.ts';
import { FieldProblems, type SettingsPartProps } from './settings-part.ts';

const fonts: [string, string][] = [
  ['system', 'System (default)'],
  ['serif', 'Serif'],
  ['rounded', 'Rounded'],
  ['mono', 'Monospace'],
];
const modes: [string, string][] = [
  ['auto', 'Follow the visitor’s device (default)'],
  ['light', 'Always light'],
  ['dark', 'Always dark'],
];

/**
 * A sample field and button in the look being picked (before saving): the theme's custom properties on
 * a box whose parts read them, with the renderer's defaults as fallbacks.
 */
function LookPreview({ theme }: { theme: FormTheme }) {
  return html`<div class=${['look-preview', themeModeClass(theme)].filter(Boolean).join(' ')}
    style=${themeProperties(theme)} aria-label="Preview of the look" role="group">
    <label for="look_sample">Sample question</label>
    <input id="look_sample" type="text" placeholder="An answer" tabindex="-1" />
    <button type="button" class="look-sample-button" tabindex="-1">Submit</button>
  </div>`;
}

/** The Look part of the settings tab. */
export function ThemeSettings({ draft, set, problemsOf, disabled, formId }: SettingsPartProps & { formId: string }) {
  const theme = draft.theme as FormTheme;
  const change = (part: Partial<FormTheme>) => {
    const next: Record<string, unknown> = { ...theme, ...part };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    set('theme', next as FormTheme);
  };
  const hint = (part: string) =>
    html`<${FieldProblems} field=${`theme.${part}`} problems=${problemsOf(`theme.${part}`)} />`;
  // The problems of the look as a whole (not of one of its parts, shown under that part).
  const ofParts = ['accent', 'radius', 'font', 'mode', 'logo'].flatMap((part) => problemsOf(`theme.${part}`));
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  return html`<${Section} title="Look">
    <fieldset disabled=${disabled}>
      <label for="theme_accent">Accent colour <span class="muted">(buttons, focus and selected options)</span></label>
      <div class="row">
        <input id="theme_accent" type="color" class="swatch" value=${theme.accent ?? '#2f5bea'}
          onInput=${(e: Event) => change({ accent: value(e) })} />
        <span class="mono">${theme.accent ?? 'default'}</span>
        ${
          theme.accent &&
          html`<button type="button" class="secondary"
            onClick=${() => change({ accent: undefined })}>Use the default</button>`
        }
      </div>${hint('accent')}

      <label for="theme_radius">Corner roundness <span
        class="muted">(0 to ${THEME_RADIUS_MAX} pixels; now ${theme.radius ?? 8})</span></label>
      <input id="theme_radius" type="range" min="0" max=${THEME_RADIUS_MAX} step="1" value=${theme.radius ?? 8}
        onInput=${(e: Event) => change({ radius: Number(value(e)) })} />${hint('radius')}

      <label for="theme_font">Font</label>
      <select id="theme_font" value=${theme.font ?? 'system'}
        onChange=${(e: Event) => change({ font: value(e) as FormTheme['font'] })}>
        ${fonts.map(([v, label]) => html`<option value=${v}>${label}</option>`)}
      </select>${hint('font')}

      <label for="theme_mode">Light or dark</label>
      <select id="theme_mode" value=${theme.mode ?? 'auto'}
        onChange=${(e: Event) => change({ mode: value(e) as FormTheme['mode'] })}>
        ${modes.map(([v, label]) => html`<option value=${v}>${label}</option>`)}
      </select>${hint('mode')}

      <p class="image-picker-title">Logo <span
        class="muted">(at the top of the form's page; saved with the settings)</span></p>
      <${ImagePicker} owner=${{ form: formId }} value=${theme.logo} label="Logo" disabled=${disabled}
        onChange=${(i?: { url: string }) => change({ logo: i?.url })} />${hint('logo')}
      <${LookPreview} theme=${theme} />
      <${FieldProblems} field="theme" problems=${problemsOf('theme').filter((p) => !ofParts.includes(p))} />
      ${
        Object.keys(theme).length > 0 &&
        html`<p><button type="button" class="secondary"
          onClick=${() => set('theme', {})}>Back to the default look</button></p>`
      }
    </fieldset>
  <//>`;
}
