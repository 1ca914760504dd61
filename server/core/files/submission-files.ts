// A submission's file fields: the respondent sends the `upload_id` an upload answered with; the
// submission stores the file object instead (ARCHITECTURE.md "Files"). Every way an id can be wrong
// gets its own 422 detail, and the files of one submission together stay under the per-submission limit.
import { takesUpload } from '../../../shared/fields/uploads.ts';
import { allFields, type FormDefinition } from '../../../shared/engine/index.ts';
import { ApiError, invalid } from '../../lib/api-error.ts';
import type { Config } from '../../config.ts';
import type { FileRecord, FormRecord, Store } from '../store/types.ts';
import { UNCLAIMED_FILES, type FileService, type FileValue } from './file-service.ts';
import { signedQuery } from './file-links.ts';
import { acceptsFiles } from '../unclaimed.ts';
import { looksLikeId } from '../ids.ts';

/** Accepted values with file objects in place of upload ids, and the ids the insert attaches. */
export interface ResolvedFiles {
  values: Record<string, unknown>;
  fileIds: string[];
}

// Whether a definition has a file or signature field, kept per definition (the cache hands out the same object).
const uploadFields = new WeakMap<FormDefinition, boolean>();

/**
 * resolveUploads' answer when the definition has no file or signature field: the values as they are, or the
 * engine's `problems` as one 422; undefined when resolveUploads must look. Synchronous: the submission path
 * skips resolveUploads' promise for the forms that have no uploads (docs/performance.md, "session 5").
 */
export function withoutUploads(
  definition: FormDefinition,
  values: Record<string, unknown>,
  problems: readonly string[] = [],
): ResolvedFiles | undefined {
  let has = uploadFields.get(definition);
  if (has === undefined) {
    has = allFields(definition).some(takesUpload);
    uploadFields.set(definition, has);
  }
  if (has) return undefined;
  if (problems.length) throw invalid([...problems]);
  return { values, fileIds: [] };
}

/**
 * Replaces each file field's upload id by its file object; throws 422 (every problem) or 413 (total too
 * large). `lenient` (restoring a post kept as spam) leaves out a field whose upload is not usable instead.
 * `problems` are the engine's for the same post: one 422 lists them and the files' problems together
 * (a refused post must name every problem at once, file fields included).
 */
export async function resolveUploads(
  store: Store,
  files: FileService,
  config: Config,
  form: FormRecord,
  definition: FormDefinition,
  values: Record<string, unknown>,
  options: { lenient?: boolean; problems?: readonly string[] } = {},
): Promise<ResolvedFiles> {
  const earlier = options.problems ?? [];
  const none = withoutUploads(definition, values, earlier);
  if (none) return none;
  const keys = allFields(definition)
    .filter(
      (f) =>
        takesUpload(f) &&
        Object.hasOwn(values, f.key) &&
        values[f.key] !== '' &&
        values[f.key] !== null &&
        values[f.key] !== undefined,
    )
    .map((f) => f.key);
  if (!keys.length) {
    if (earlier.length) throw invalid([...earlier]);
    return { values, fileIds: [] };
  }
  if (!acceptsFiles(form) && !options.lenient)
    throw invalid([...earlier, ...keys.map((k) => `values.${k}: ${UNCLAIMED_FILES}`)]);
  const problems: string[] = [...earlier];
  const ids = keys.map((k) => values[k]).filter((v): v is string => typeof v === 'string' && looksLikeId(v));
  const rows = new Map((await store.files.byIds(ids)).map((f) => [f.id, f]));
  const out: Record<string, unknown> = { ...values };
  const used: FileRecord[] = [];
  for (const key of keys) {
    const id = values[key];
    const file = typeof id === 'string' ? rows.get(id) : undefined;
    const problem = !acceptsFiles(form) ? 'unclaimed' : uploadProblem(files, form, key, id, file);
    if (problem && options.lenient) delete out[key];
    else if (problem) problems.push(`values.${key}: ${problem}`);
    else {
      used.push(file!);
      out[key] = files.value(file!);
    }
  }
  if (new Set(used.map((f) => f.id)).size !== used.length)
    problems.push('values: the same upload is given for two fields; upload the file once per field');
  if (problems.length) throw invalid(problems);
  const total = used.reduce((n, f) => n + f.size, 0);
  if (total > config.submissionFilesMaxBytes) {
    throw new ApiError(
      413,
      'payload_too_large',
      [
        `values: the files add up to ${total} bytes, more than the ${config.submissionFilesMaxBytes} bytes one ` +
          'submission may carry',
      ],
      {
        max_bytes: config.submissionFilesMaxBytes,
      },
    );
  }
  return { values: out, fileIds: used.map((f) => f.id) };
}

function uploadProblem(
  files: FileService,
  form: FormRecord,
  key: string,
  id: unknown,
  file: FileRecord | undefined,
): string | undefined {
  if (typeof id !== 'string') return 'expected the upload_id of an uploaded file';
  // One message for "no such id" and "another form's id": an id never tells whether it exists elsewhere.
  if (!file || file.formId !== form.id) return 'no upload with this id for this form; upload the file again';
  if (file.fieldKey !== key) return `this upload was made for the field "${file.fieldKey}", not this one`;
  if (file.submissionId !== null) return 'this upload is already part of another response; upload the file again';
  if (files.expired(file))
    return 'this upload expired (uploads are kept 24 hours until a response uses them); upload the file again';
  return undefined;
}

/** Values for a webhook payload: each file object's url carries a signature its receiver can download with. */
export function withSignedLinks(
  values: Record<string, unknown>,
  fileIds: string[],
  secret: string,
): Record<string, unknown> {
  if (!fileIds.length) return values;
  const ids = new Set(fileIds);
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(values)) {
    const file = value as FileValue | null;
    if (file && typeof file === 'object' && typeof file.file_id === 'string' && ids.has(file.file_id)) {
      out[key] = { ...file, url: `${file.url}?${signedQuery(secret, file.file_id)}` };
    }
  }
  return out;
}
