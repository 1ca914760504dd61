// Uploaded files (ARCHITECTURE.md "Files"): taken in as streams, written durably to the files folder
// under their id, described by a metadata row in the store. Every way a file goes away (a deleted
// submission or form, retention, the unclaimed-form sweep, unused uploads) goes through
// deleteForSubmissions / deleteForForm / delete here, so no caller touches the folder itself.
import { takesUpload } from '../../../shared/fields/uploads.ts';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { allFields, type FormField } from '../../../shared/engine/index.ts';
import { ApiError, conflict, invalid, notFound } from '../../lib/api-error.ts';
import { FileTooLarge, writeStreamDurably } from '../../lib/durable/durable-fs-stream.ts';
import { fsyncDir, PRIVATE_DIR_MODE } from '../../lib/durable/durable-fs.ts';
import type { Config } from '../../config.ts';
import type { DefinitionCache } from '../definitions.ts';
import { looksLikeId, newId } from '../ids.ts';
import type { FileRecord, FormRecord, Store } from '../store/types.ts';
import { sniffImage } from '../images/sniff.ts';
import { accepts, bareType } from './accept.ts';
import { acceptsFiles } from '../unclaimed.ts';

/** A file field's value as REST, MCP, CSV and webhooks show it. */
export interface FileValue {
  file_id: string;
  name: string;
  size: number;
  type: string;
  url: string;
}

/** The upload answer: 201 `{upload_id, name, size, type}`. */
export interface UploadView {
  upload_id: string;
  name: string;
  size: number;
  type: string;
}

/** Where a file is going: a claimed, accepting form and one of its file fields. */
export interface FileTarget {
  form: FormRecord;
  field: FormField;
}

/** The 422 detail for a file sent to an unclaimed form (see acceptsFiles), by upload or in a submission. */
export const UNCLAIMED_FILES = 'this form does not accept files until its owner claims it';

/** The bytes read from a signature's start to tell a PNG: its signature and whole IHDR header. */
const PNG_HEAD_BYTES = 24;

/** Files orphaned by a crash between a row delete and the unlink are removed once this old. */
const ORPHAN_AGE_MS = 3600_000;

/** Stores, finds and removes uploaded files. */
export class FileService {
  constructor(
    private readonly store: Store,
    private readonly definitions: DefinitionCache,
    private readonly config: Config,
  ) {}

  /** Creates the files folder (at start). */
  async init(): Promise<void> {
    await mkdir(this.config.filesDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  /**
   * Where an upload for `fieldKey` of form `formId` goes; refuses unclaimed, paused or expired forms and non-file
   * fields.
   */
  async target(formId: string, fieldKey: string | null): Promise<FileTarget> {
    const form = await this.store.forms.byId(formId);
    if (!form) throw notFound();
    if (!acceptsFiles(form)) throw invalid([`${fieldKey ? `values.${fieldKey}` : 'form'}: ${UNCLAIMED_FILES}`]);
    if (form.status === 'paused' || form.moderationPaused)
      throw conflict('paused', ['form: is paused and does not accept submissions']);
    if (!fieldKey) throw invalid(['field: the query must name the file field (?field=<key>)']);
    const definition = await this.definitions.get(form.id, form.version);
    const field = definition && allFields(definition).find((f) => f.key === fieldKey);
    if (!field) throw invalid([`field: the form has no field "${fieldKey}"`]);
    if (!takesUpload(field)) throw invalid([`values.${fieldKey}: is not a file or signature field`]);
    return { form, field };
  }

  /**
   * Takes one file for a target: checks `accept`, streams it to disk (fsynced) and stores its row as an
   * unused upload. `maxBytes` is the room left (per file, or less when the submission's total is near).
   */
  async receive(
    t: FileTarget,
    source: Readable | AsyncIterable<Uint8Array>,
    name: string,
    type: string,
    maxBytes = this.config.uploadMaxBytes,
  ): Promise<FileRecord> {
    const cleanName = safeName(name);
    const cleanType = bareType(type) || 'application/octet-stream';
    if (!accepts(t.field.accept, cleanName, cleanType)) {
      const listed = (t.field.accept ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)
        .join(', ');
      throw invalid([`values.${t.field.key}: files of this type are not accepted here (accepted: ${listed})`]);
    }
    const id = newId();
    let size: number;
    try {
      size = await writeStreamDurably(source, this.config.filesDir, id, maxBytes);
    } catch (err) {
      if (err instanceof FileTooLarge) throw this.tooLarge(t.field.key, err.maxBytes);
      throw err;
    }
    // A signature is drawn as a PNG by the page: the PDF and the panel show it as one, so its bytes must be one.
    if (t.field.type === 'signature' && !(await this.isPng(id))) {
      await this.unlink([id]);
      throw invalid([`values.${t.field.key}: a signature must be a PNG image`]);
    }
    const record: FileRecord = {
      id,
      formId: t.form.id,
      fieldKey: t.field.key,
      submissionId: null,
      name: cleanName,
      size,
      type: cleanType,
      createdAt: new Date().toISOString(),
    };
    try {
      await this.store.files.insert(record);
    } catch (err) {
      await this.unlink([id]);
      throw err;
    }
    return record;
  }

  /** 413 naming the limit that was hit: the per-file one, or what was left of the submission's total. */
  tooLarge(fieldKey: string, maxBytes: number): ApiError {
    const perFile = maxBytes >= this.config.uploadMaxBytes;
    const detail = perFile
      ? `values.${fieldKey}: the file is larger than ${mb(this.config.uploadMaxBytes)}, the most one file may be`
      : `values.${fieldKey}: the files of this submission add up to more than ` +
        `${mb(this.config.submissionFilesMaxBytes)}, the most one submission may carry`;
    return new ApiError(
      413,
      'payload_too_large',
      [detail],
      { max_bytes: perFile ? this.config.uploadMaxBytes : this.config.submissionFilesMaxBytes },
      { connection: 'close' },
    );
  }

  /** The upload answer for a stored file. */
  uploadView = (f: FileRecord): UploadView => ({ upload_id: f.id, name: f.name, size: f.size, type: f.type });

  /** A file's value in submissions: the download link is `{public_url}/v1/files/{id}`. */
  value = (f: FileRecord): FileValue => ({
    file_id: f.id,
    name: f.name,
    size: f.size,
    type: f.type,
    url: `${this.config.publicUrl}/v1/files/${f.id}`,
  });

  /**
   * A file used by a submission (unused uploads are not downloadable), with its form; undefined when either is gone.
   */
  async readable(fileId: string): Promise<{ file: FileRecord; form: FormRecord; path: string } | undefined> {
    if (!looksLikeId(fileId)) return undefined;
    const file = await this.store.files.byId(fileId);
    if (!file || file.submissionId === null) return undefined;
    const form = await this.store.forms.byId(file.formId);
    return form ? { file, form, path: path.join(this.config.filesDir, file.id) } : undefined;
  }

  /**
   * Removes the files of these submissions of form `formId` (rows first, then the bytes); ids of other
   * forms' submissions are skipped, as DeletionService skips them. Call it before the submissions go.
   */
  async deleteForSubmissions(formId: string, submissionIds: string[]): Promise<number> {
    const files = await this.store.files.byIds(await this.store.files.idsOfSubmissions(submissionIds));
    return this.delete(files.filter((f) => f.formId === formId).map((f) => f.id));
  }

  /** Removes every file of a form, used or not. Call it when a form is deleted (before or after its rows go). */
  async deleteForForm(formId: string): Promise<number> {
    return this.delete(await this.store.files.idsOfForm(formId));
  }

  /**
   * Removes files by id: the rows in one durable write, then the bytes; a crash in between leaves orphans the sweep
   * removes.
   */
  async delete(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    await this.store.files.delete(ids);
    await this.unlink(ids);
    return ids.length;
  }

  /** The sweep job: uploads no submission used within the TTL (24 h), and files whose row is gone. */
  async sweep(nowMs = Date.now()): Promise<string> {
    let unused = 0;
    for (;;) {
      const ids = await this.store.files.unusedBefore(new Date(nowMs - this.config.uploadTtlMs).toISOString(), 500);
      unused += await this.delete(ids);
      if (ids.length < 500) break;
    }
    return `${unused} unused uploads deleted, ${await this.sweepOrphans(nowMs)} orphaned files deleted`;
  }

  /** Whether an unused upload is past its TTL (refused even before the sweep removes it). */
  expired = (f: FileRecord, nowMs = Date.now()) =>
    f.submissionId === null && Date.parse(f.createdAt) < nowMs - this.config.uploadTtlMs;

  private async sweepOrphans(nowMs: number): Promise<number> {
    const names = await readdir(this.config.filesDir).catch(() => [] as string[]);
    let removed = 0;
    for (let i = 0; i < names.length; i += 500) {
      const batch = names.slice(i, i + 500);
      const ids = batch.filter((n) => !n.startsWith('.tmp-'));
      const known = new Set((await this.store.files.byIds(ids)).map((f) => f.id));
      for (const name of batch) {
        // A named file with a row is in use; a temp file is an upload in progress until it is old.
        if (!name.startsWith('.tmp-') && known.has(name)) continue;
        const full = path.join(this.config.filesDir, name);
        // Young files may be an upload whose row is being written right now (or a temp file in use).
        const info = await stat(full).catch(() => undefined);
        if (!info?.isFile() || nowMs - info.mtimeMs < ORPHAN_AGE_MS) continue;
        await rm(full, { force: true });
        removed++;
      }
    }
    if (removed) await fsyncDir(this.config.filesDir);
    return removed;
  }

  /** Whether the stored file `id` starts as a PNG with a whole header (server/core/images/sniff.ts). */
  private async isPng(id: string): Promise<boolean> {
    const file = await open(path.join(this.config.filesDir, id), 'r');
    try {
      const head = new Uint8Array(PNG_HEAD_BYTES);
      const { bytesRead } = await file.read(head, 0, PNG_HEAD_BYTES, 0);
      return sniffImage(head.subarray(0, bytesRead))?.type === 'image/png';
    } finally {
      await file.close();
    }
  }

  private async unlink(ids: string[]) {
    for (const id of ids) await rm(path.join(this.config.filesDir, id), { force: true });
    await fsyncDir(this.config.filesDir);
  }
}

/** A file name as stored and shown: the last path segment, no control characters, at most 255 characters. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes from names
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
