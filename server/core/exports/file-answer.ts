// A stored file answer as exports, the PDF and the survey types' outputs recognise it. A module of its own:
// the answer types' registry and the export cells both read it, and neither may import the other's circle.
/** A stored file answer (`{file_id, name, size, type, url}`, docs/api.md "Files"), as far as an export needs it. */
export interface FileAnswer {
  file_id: string;
  name: string;
  url: string;
  size?: number;
}

/** Whether a stored value is a file object. */
export function isFileAnswer(value: unknown): value is FileAnswer {
  const v = value as Partial<FileAnswer>;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.file_id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.url === 'string'
  );
}
