// The per-form theme setting (accent colour, corner radius, font, light/dark, logo) as a zod schema for
// PATCH /v1/forms/{id}; turning it into CSS lives in theme-values.ts (no zod, used by the renderer).
import { z } from 'zod';
import { IMAGE_URL, NOT_THIS_FORMS_IMAGE } from '../definition/check-images.ts';
import { HEX_COLOUR, THEME_FONTS, THEME_MODES, THEME_RADIUS_MAX } from './theme-values.ts';

export { THEME_FONTS, THEME_RADIUS_MAX } from './theme-values.ts';

const fonts = Object.keys(THEME_FONTS) as [keyof typeof THEME_FONTS, ...(keyof typeof THEME_FONTS)[]];
const radius = `must be 0 to ${THEME_RADIUS_MAX}`;

/** The theme setting; every part optional (absent: the built-in look). A patch replaces the whole theme. */
export const themeSchema = z.strictObject({
  accent: z.string().regex(HEX_COLOUR, { message: 'must be a colour like #2f5bea' }).optional(),
  radius: z
    .number()
    .int({ message: 'must be a whole number of pixels' })
    .min(0, { message: radius })
    .max(THEME_RADIUS_MAX, { message: radius })
    .optional(),
  font: z.enum(fonts, { message: `must be one of ${fonts.join(', ')}` }).optional(),
  mode: z.enum(THEME_MODES, { message: 'must be auto, light or dark' }).optional(),
  /** Shown at the top of the hosted page: an image uploaded for this form (checked against the form by the server). */
  logo: z.string().regex(IMAGE_URL, { message: NOT_THIS_FORMS_IMAGE }).optional(),
});

/** A stored theme. */
export type FormTheme = z.infer<typeof themeSchema>;
