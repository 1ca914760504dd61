// Where the renderer sends files: given by the host (the hosted page and embed give their form's
// uploads address). Without it a file field keeps only the chosen file's name, as before.
import { createContext } from 'preact';

/** How file fields upload: the address for a field, and the largest file the server takes. */
export interface UploadTarget {
  url(fieldKey: string): string;
  /** Files larger than this are refused before sending (the server checks again). */
  maxBytes?: number;
}

/** Provided by FormRenderer from its `uploads` prop. */
export const UploadContext = createContext<UploadTarget | undefined>(undefined);
