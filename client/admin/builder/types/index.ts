// The settings editors of the types that have parts of their own, by type name: the field editor shows
// the one of the selected field's type. Adding one is its module here and one line below (a type without
// settings beyond the common ones, such as signature or time, needs none).
import { HiddenEditor } from './hidden-editor.ts';
import { MatrixEditor } from './matrix-editor.ts';
import { NpsEditor } from './nps-editor.ts';
import { PictureChoiceEditor } from './picture-choice-editor.ts';
import { RankingEditor } from './ranking-editor.ts';
import { RatingEditor } from './rating-editor.ts';
import { ScaleEditor } from './scale-editor.ts';
import { StatementEditor } from './statement-editor.ts';
import type { TypeEditor } from './type-editor.ts';

/** The editors by type name. */
export const typeEditors: Readonly<Record<string, TypeEditor>> = {
  rating: RatingEditor,
  scale: ScaleEditor,
  nps: NpsEditor,
  matrix: MatrixEditor,
  ranking: RankingEditor,
  statement: StatementEditor,
  hidden: HiddenEditor,
  picture: PictureChoiceEditor,
};

/** The editor of a type, if it has one (hasOwn: a type named "constructor" has none). */
export const typeEditor = (type: string): TypeEditor | undefined =>
  Object.hasOwn(typeEditors, type) ? typeEditors[type] : undefined;
