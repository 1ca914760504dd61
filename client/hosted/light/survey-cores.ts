// The rules of the survey types the light page serves whose cores the respondents' registry does not carry
// (shared/fields/registry-browser.ts: they come with the renderer's type modules): rating, scale, NPS and
// matrix. A module of its own, /assets/light-cores.js, fetched by light pages of forms with one of them
// before the form goes live (light/main.ts); the contact form's page does not carry them.
import { matrix } from '../../../shared/fields/types/matrix.ts';
import { nps } from '../../../shared/fields/types/nps.ts';
import { rating } from '../../../shared/fields/types/rating.ts';
import { scale } from '../../../shared/fields/types/scale.ts';

/** The four cores, added to the page's registry as the module arrives. */
export const cores = [rating, scale, nps, matrix];
