// Where the renderer sends files: given by the host (the hosted page and embed give their form's
// uploads address). Without it a file field keeps only the chosen file's name, as before.
import { createContext } from 'preact';

/** How file fields upload: the address for a field, and the largest file the server takes. */
export interface UploadTarget {
  url(fieldKey: string): string;
  /** Files larger than this are refused before sending (the server checks again). */
  maxBytes?: number;
}

/** What FormRenderer gives its file fields: the host's target, and the fields whose file is still on its way. */
export interface UploadState {
  target?: UploadTarget;
  /** Keys of fields uploading right now: the renderer does not send the answers while one is. */
  busy: Set<string>;
}

/** Provided by FormRenderer from its `uploads` prop. */
export const UploadContext = createContext<UploadState>({ busy: new Set() });
