// Whether answers are kept, read without loading the code that reads them (saved-answers.ts): the renderer
// and the light page ask before the first render.

/** Whether answers are kept under `key`. */
export function hasSaved(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
