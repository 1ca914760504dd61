// The types whose answers read other than by the plain rules outside the form (answer-output.ts), listed once.
// `time` ("HH:MM") needs no entry: it is text everywhere.
import type { AnswerOutput } from './answer-output.ts';
import { matrix } from './matrix.ts';
import { points } from './points.ts';
import { ranking } from './ranking.ts';
import { signature } from './signature.ts';

const outputs: Record<string, AnswerOutput> = {
  rating: points,
  scale: points,
  nps: points,
  matrix,
  ranking,
  signature,
};

/** A type's outputs, or undefined when its answers read by the plain rules. */
export const answerOutput = (type: string | undefined): AnswerOutput | undefined =>
  type !== undefined && Object.hasOwn(outputs, type) ? outputs[type] : undefined;
