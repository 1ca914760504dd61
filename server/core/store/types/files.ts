// The uploads area of the Store: the metadata of uploaded files (the bytes live in the files folder).

/** An uploaded file's metadata (the bytes are a file named `id` in the files folder). */
export interface FileRecord {
  id: string;
  formId: string;
  fieldKey: string;
  /** Null while no submission uses the upload. */
  submissionId: string | null;
  name: string;
  size: number;
  type: string;
  createdAt: string;
}

/** `store.files`: upload metadata, by file, form or submission. */
export interface FileQueries {
  insert(file: FileRecord): Promise<void>;
  byId(id: string): Promise<FileRecord | undefined>;
  /** The rows of these ids that exist (order not kept). */
  byIds(ids: string[]): Promise<FileRecord[]>;
  /** Ids of every file of a form, used by a submission or not. */
  idsOfForm(formId: string): Promise<string[]>;
  /** Ids of the files these submissions use. */
  idsOfSubmissions(submissionIds: string[]): Promise<string[]>;
  /** Ids of uploads no submission used, made before `createdBefore`. */
  unusedBefore(createdBefore: string, limit: number): Promise<string[]>;
  /** Deletes these rows in one write. */
  delete(ids: string[]): Promise<void>;
}
