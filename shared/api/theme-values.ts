// A form's theme turned into the renderer's --fs-* custom properties, with no zod (the renderer
// bundle uses this and stays small). Every value is checked again here, so whatever the store or a
// public definition carries, the output holds only #rrggbb colours, pixel numbers and listed fonts.

/** The fonts a form may use: names mapped to font stacks every system has (nothing is downloaded). */
export const THEME_FONTS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  serif: "Georgia, Cambria, 'Times New Roman', serif",
  rounded: "ui-rounded, 'SF Pro Rounded', 'Nunito', system-ui, sans-serif",
  mono: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
} as const;

/** Largest corner radius in pixels (past it, buttons and inputs turn into pills or blobs). */
export const THEME_RADIUS_MAX = 24;

/** The light/dark choices: `auto` follows the reader's system setting. */
export const THEME_MODES = ['auto', 'light', 'dark'] as const;

/** A #rrggbb colour, nothing else. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Black or white text, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white is 1.05/(l+0.05), with black (l+0.05)/0.05: pick the larger.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

/** The custom properties a theme sets; parts that are not valid are left out. */
export function themeProperties(theme: unknown): Record<string, string> {
  const t = (typeof theme === 'object' && theme !== null ? theme : {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  if (typeof t.accent === 'string' && HEX_COLOUR.test(t.accent)) {
    out['--fs-accent'] = t.accent.toLowerCase();
    out['--fs-accent-fg'] = textOn(t.accent);
  }
  if (typeof t.radius === 'number' && Number.isInteger(t.radius) && t.radius >= 0 && t.radius <= THEME_RADIUS_MAX)
    out['--fs-radius'] = `${t.radius}px`;
  if (typeof t.font === 'string' && Object.hasOwn(THEME_FONTS, t.font))
    out['--fs-font'] = THEME_FONTS[t.font as keyof typeof THEME_FONTS];
  return out;
}

/** The colour scheme a theme asks for (`auto` when it names none or an unknown one). */
export function themeMode(theme: unknown): 'auto' | 'light' | 'dark' {
  const mode = typeof theme === 'object' && theme !== null ? (theme as Record<string, unknown>).mode : undefined;
  return mode === 'light' || mode === 'dark' ? mode : 'auto';
}

/** The class that forces a mode (`fs-light`, `fs-dark`), or none for `auto`. */
export const themeModeClass = (theme: unknown): string | undefined => {
  const mode = themeMode(theme);
  return mode === 'auto' ? undefined : `fs-${mode}`;
};
