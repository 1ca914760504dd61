// A form's images (ARCHITECTURE.md Wave 4 "Images and rich text"): taken in by their owner, checked by
// their bytes, written durably to the `images` folder inside the files folder (the uploads' orphan sweep
// skips folders, and backups copy the files folder whole), described by a row in the store, served
// publicly at /i/<id>, and removed with their form.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ApiError, invalid } from '../../lib/api-error.ts';
import { fsyncDir, PRIVATE_DIR_MODE } from '../../lib/durable/durable-fs.ts';
import { writeStreamDurably } from '../../lib/durable/durable-fs-stream.ts';
import type { Config } from '../../config.ts';
import { looksLikeId, newId } from '../ids.ts';
import type { FormRecord, ImageRecord, Store } from '../store/types.ts';
import { sniffImage } from './sniff.ts';

/** The most bytes one image may have (2 MB): pictures for a form, not photo archives. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The most images one form may hold. */
export const MAX_IMAGES_PER_FORM = 100;
/** Where an image is served: `/i/<id>`, the only value `image` and the theme's `logo` take. */
export const IMAGE_PATH = '/i/';

/** The upload answer: 201 `{image_id, url, width, height, type}`. */
export interface ImageView {
  image_id: string;
  url: string;
  width: number;
  height: number;
  type: string;
}

/** Stores, finds and removes forms' images. */
export class ImageService {
  private readonly dir: string;

  constructor(
    private readonly store: Store,
    config: Config,
  ) {
    this.dir = path.join(config.filesDir, 'images');
  }

  /** Creates the images folder, at the first upload (an installation without images has none). */
  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  /**
   * Takes one image for `form` from the multipart part `part`: at most MAX_IMAGE_BYTES (413 past it), a PNG,
   * JPEG, WebP or GIF by its bytes (422 naming the part otherwise), at most MAX_IMAGES_PER_FORM per form (422).
   */
  async receive(
    form: Pick<FormRecord, 'id'>,
    part: string,
    source: Readable | AsyncIterable<Uint8Array>,
  ): Promise<ImageRecord> {
    const bytes = await readUpTo(source, MAX_IMAGE_BYTES);
    if (!bytes) throw imageTooLarge(part);
    const sniffed = sniffImage(bytes);
    if (!sniffed) throw invalid([`${part}: is not a PNG, JPEG, WebP or GIF image (judged by its bytes, not its name)`]);
    const record: ImageRecord = {
      id: newId(),
      formId: form.id,
      ...sniffed,
      size: bytes.length,
      createdAt: new Date().toISOString(),
    };
    await this.init();
    await writeStreamDurably(Readable.from([bytes]), this.dir, record.id, MAX_IMAGE_BYTES);
    let stored: boolean;
    try {
      stored = await this.store.images.insert(record, MAX_IMAGES_PER_FORM);
    } catch (err) {
      await this.unlink([record.id]);
      throw err;
    }
    if (!stored) {
      await this.unlink([record.id]);
      throw tooMany();
    }
    return record;
  }

  /** The answer for a stored image. */
  view = (i: ImageRecord): ImageView => ({
    image_id: i.id,
    url: `${IMAGE_PATH}${i.id}`,
    width: i.width,
    height: i.height,
    type: i.type,
  });

  /** An image's row and where its bytes are; undefined for an id no image has. */
  async find(id: string): Promise<{ image: ImageRecord; path: string } | undefined> {
    if (!looksLikeId(id)) return undefined;
    const image = await this.store.images.byId(id);
    return image && { image, path: path.join(this.dir, image.id) };
  }

  /** Every image of a form, oldest first. */
  ofForm = (formId: string) => this.store.images.ofForm(formId);

  /** Removes every image of a form (rows, then bytes); DeletionService.deleteForm calls it. */
  async deleteForForm(formId: string): Promise<number> {
    return this.deleteIds((await this.store.images.ofForm(formId)).map((i) => i.id));
  }

  /** Removes images by id: the rows in one write, then the bytes. */
  async deleteIds(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    await this.store.images.delete(ids);
    await this.unlink(ids);
    return ids.length;
  }

  private async unlink(ids: string[]) {
    for (const id of ids) await rm(path.join(this.dir, id), { force: true });
    await fsyncDir(this.dir).catch(() => {});
  }
}

/** The whole stream, or undefined as soon as it passes `max` bytes (the rest is left unread). */
async function readUpTo(source: Readable | AsyncIterable<Uint8Array>, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, size);
}

/** 413 for an image past MAX_IMAGE_BYTES. */
export const imageTooLarge = (part: string) =>
  new ApiError(
    413,
    'payload_too_large',
    [`${part}: the image is larger than 2 MB, the most one image may be`],
    { max_bytes: MAX_IMAGE_BYTES },
    { connection: 'close' },
  );

const tooMany = () => invalid([`form: already holds ${MAX_IMAGES_PER_FORM} images, the most one form may hold`]);
