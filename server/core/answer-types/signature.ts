// `signature` (Wave 4): the same stored file object as a `file` field (a PNG through the upload endpoint), so
// it reads and exports like a file (the plain rules); the PDF draws the image itself.
import { isFileAnswer } from '../exports/file-answer.ts';
import type { AnswerOutput } from './answer-output.ts';

/** The answers of a signature. */
export const signature: AnswerOutput = {
  pdf: (_field, value) =>
    isFileAnswer(value)
      ? { kind: 'image', fileId: value.file_id, text: value.name }
      : { kind: 'text', text: String(value) },
};
