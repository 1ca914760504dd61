// A form's own look (accent colour, corner radius, font, light/dark): validated values only, turned
// into the renderer's --fs-* custom properties in one place, so no setting can carry raw CSS.
import { z } from 'zod';

/** The fonts a form may use: names mapped to font stacks every system has (nothing is downloaded). */
export const THEME_FONTS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  serif: "Georgia, Cambria, 'Times New Roman', serif",
  rounded: "ui-rounded, 'SF Pro Rounded', 'Nunito', system-ui, sans-serif",
  mono: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
} as const;

/** Largest corner radius in pixels (past it, buttons and inputs turn into pills or blobs). */
export const THEME_RADIUS_MAX = 24;

/** The per-form theme setting; every part optional (absent: the built-in look). */
export const themeSchema = z.strictObject({
  accent: z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour like #2f5bea' }).optional(),
  radius: z.number().int({ message: 'must be a whole number of pixels' }).min(0, { message: `must be 0 to ${THEME_RADIUS_MAX}` }).max(THEME_RADIUS_MAX, { message: `must be 0 to ${THEME_RADIUS_MAX}` }).optional(),
  font: z.enum(Object.keys(THEME_FONTS) as [keyof typeof THEME_FONTS, ...(keyof typeof THEME_FONTS)[]], { message: `must be one of ${Object.keys(THEME_FONTS).join(', ')}` }).optional(),
  mode: z.enum(['auto', 'light', 'dark'], { message: 'must be auto, light or dark' }).optional(),
});

/** A stored theme. */
export type FormTheme = z.infer<typeof themeSchema>;

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

/**
 * The custom properties a theme sets. Re-checks every value (a stored theme is parsed again), so the
 * output holds only #rrggbb colours, pixel numbers and the listed font stacks.
 */
export function themeProperties(raw: unknown): Record<string, string> {
  const parsed = themeSchema.safeParse(raw);
  if (!parsed.success) return {};
  const t = parsed.data;
  const out: Record<string, string> = {};
  if (t.accent) {
    out['--fs-accent'] = t.accent.toLowerCase();
    out['--fs-accent-fg'] = textOn(t.accent);
  }
  if (t.radius !== undefined) out['--fs-radius'] = `${t.radius}px`;
  if (t.font) out['--fs-font'] = THEME_FONTS[t.font];
  return out;
}

/** The colour scheme a theme asks for: `auto` follows the reader's system setting. */
export const themeMode = (raw: unknown): 'auto' | 'light' | 'dark' => {
  const parsed = themeSchema.safeParse(raw);
  return parsed.success ? (parsed.data.mode ?? 'auto') : 'auto';
};
