// A file field's `accept` (the HTML attribute's syntax: ".pdf, image/*, application/zip") enforced on
// the server, by extension and by MIME type (docs/decisions.md, 2026-11-24):
// - a `.ext` entry accepts a file whose name ends in that extension (any case);
// - a MIME entry (`type/subtype` or `type/*`) accepts a file whose declared type matches it AND whose
//   extension is one we know for a matching type. The declared type is the sender's word and the name
//   is what a person's computer opens the file by, so both must agree: "photo.html" sent as
//   image/png is refused by `image/*`.
// An empty or missing `accept` accepts every file.

/** Extensions of common types, for MIME entries (lower case, without the dot). */
const typesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  rtf: 'application/rtf',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
  gz: 'application/gzip',
  '7z': 'application/x-7z-compressed',
  tar: 'application/x-tar',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** The lower-case extension of a file name, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The MIME type a file name suggests, if we know its extension. */
export const typeForName = (name: string): string | undefined => typesByExtension[extensionOf(name)];

/** Lower-case MIME type without parameters. */
export const bareType = (type: string) => type.split(';')[0].trim().toLowerCase();

function typeMatches(pattern: string, type: string): boolean {
  return pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
}

/** Whether a file of this name and declared type passes `accept` (see the rules at the top). */
export function accepts(accept: string | undefined, name: string, declaredType: string): boolean {
  const entries = (accept ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (!entries.length) return true;
  const ext = extensionOf(name);
  const declared = bareType(declaredType);
  const guessed = typeForName(name);
  return entries.some((entry) => {
    if (entry.startsWith('.')) return ext !== '' && entry === `.${ext}`;
    return typeMatches(entry, declared) && guessed !== undefined && typeMatches(entry, guessed);
  });
}
