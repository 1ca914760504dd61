// The shape of a language tag, shared by the schema (`lang`) and the translations' checks and choice.

/** A language tag (BCP 47, loosely): `en`, `de-AT`, `pt-BR`, `zh-Hant-TW`. */
export const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;
