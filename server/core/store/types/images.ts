// The images area of the Store: pictures a form's owner uploads for its fields, options and logo
// (ARCHITECTURE.md Wave 4 "Images and rich text"); the bytes are files beside the store.

/** A form's image: the type and size as read from its bytes (the bytes are `images/<id>` in the files folder). */
export interface ImageRecord {
  id: string;
  formId: string;
  /** `image/png`, `image/jpeg`, `image/webp` or `image/gif`. */
  type: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
}

/** `store.images`: a form's images, at most a given number per form, deleted with the form. */
export interface ImageQueries {
  /**
   * Stores the image unless its form already holds `maxPerForm` images; answers whether it was stored.
   * Concurrent inserts for one form never together pass the limit.
   */
  insert(image: ImageRecord, maxPerForm: number): Promise<boolean>;
  byId(id: string): Promise<ImageRecord | undefined>;
  /** Every image of a form, oldest first. */
  ofForm(formId: string): Promise<ImageRecord[]>;
  /** Deletes these rows in one write (unknown ids are skipped). */
  delete(ids: string[]): Promise<void>;
}
