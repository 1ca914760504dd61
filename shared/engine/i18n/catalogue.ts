// The words respondents read, by message id: the engine's validation messages and the renderer's own
// UI words (buttons, progress, the success screen, the error summary). A catalogue is plain JSON (so the
// server can put the chosen language's one in the hosted page's data attribute) with `{name}`
// parameters; a counted message has a `<id>_one` form used where the language says "one" for the count.
// English lives in en.ts and is the fallback for any id a catalogue lacks.

/** Ids of the engine's validation messages; each matches a key of validation.ts's defaultMessages. */
export type EngineMessageId =
  | 'required'
  | 'text'
  | 'number'
  | 'email'
  | 'url'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'option'
  | 'options'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'min'
  | 'max'
  | 'pattern'
  | 'matchField'
  // Wave 4's question types (shared/fields/types/).
  | 'point'
  | 'time'
  | 'column'
  | 'row'
  | 'everyRow'
  | 'ranking'
  | 'rankAll';

/** Ids of the renderer's own words. */
export type UiMessageId =
  | 'submit'
  | 'next'
  | 'back'
  | 'cancel'
  | 'skip'
  | 'requiredHint'
  | 'successTitle'
  | 'successMessage'
  | 'another'
  | 'cannotSend'
  | 'checkAnswers'
  | 'choose'
  | 'loading'
  | 'tryAgain'
  | 'language'
  | 'formPaused'
  | 'formExpired'
  | 'formClosed'
  | 'unverifiedTitle'
  | 'unverifiedText'
  | 'reportAbuse'
  /** The Close button of the popup and slider embeds' dialog. */
  | 'closeForm'
  | 'limitReached'
  | 'formGone'
  | 'tooLong'
  | 'notSent'
  | 'connectionFailed'
  | 'tooMany'
  | 'tooManyFor'
  | 'serverBusy'
  | 'stillUploading'
  | 'savedOffline'
  | 'earlierSent'
  // The file field's (client/renderer/lazy/file-input.ts: its English lives there, not in en.ts).
  | 'fileTooLarge'
  | 'uploading'
  | 'uploadProgress'
  | 'uploaded'
  | 'chosen'
  | 'uploadFailed'
  | 'uploadOffline'
  | 'uploadRefused'
  | 'uploadBusy'
  | 'uploadPaused'
  // The Start over question's (client/renderer/lazy/reset-confirm.ts).
  | 'resetQuestion'
  | 'keepAnswers'
  | 'clearAnswers'
  // The progress line's (client/renderer/lazy/progress.ts).
  | 'stepOf'
  | 'step'
  | 'questionOf'
  | 'question'
  // The kept answers' notice (client/renderer/lazy/resumed.ts).
  | 'answersBack'
  | 'startOver'
  // The private edit link on the success screen (client/renderer/lazy/edit-link.ts).
  | 'changeAnswer'
  | 'editLinkNote'
  // The survey types' modules (client/renderer/types/: their English lives there, not in en.ts).
  | 'pointOf'
  | 'npsLow'
  | 'npsHigh'
  | 'moveUp'
  | 'moveDown'
  | 'rankAdd'
  | 'rankRemove'
  | 'rankMoved'
  | 'rankAdded'
  | 'rankRemoved'
  | 'rankUnranked'
  | 'rankNone'
  | 'signHere'
  | 'typeInstead'
  | 'drawInstead'
  | 'typeName'
  | 'clearSignature'
  | 'signatureSaving'
  | 'signatureSaved'
  | 'signatureNeedsScript';

/** Every message id, with the `_one` forms of counted messages. */
export type MessageId =
  | EngineMessageId
  | UiMessageId
  | 'minLength_one'
  | 'maxLength_one'
  | 'minItems_one'
  | 'maxItems_one';

/** One language's words: its tag and texts by id (missing ids fall back to English). */
export interface Catalogue {
  lang: string;
  messages: Partial<Record<MessageId, string>>;
}

/** Parameters of a message: `{n}` in the text takes `params.n`. */
export type MessageParams = Readonly<Record<string, string | number>>;

const pluralRules = new Map<string, Intl.PluralRules | undefined>();

/** Whether `n` takes the singular form in `lang`; English's rule when the runtime lacks Intl.PluralRules. */
function isOne(lang: string, n: number): boolean {
  if (!pluralRules.has(lang)) {
    try {
      pluralRules.set(lang, new Intl.PluralRules(lang));
    } catch {
      pluralRules.set(lang, undefined);
    }
  }
  const rules = pluralRules.get(lang);
  return rules ? rules.select(n) === 'one' : n === 1;
}

// A module function rather than a closure per message: the engine formats one for every wrong answer.
const pickMessage = (c: Catalogue, id: MessageId, one: MessageId | undefined) =>
  (one && c.messages[one]) || c.messages[id];

/**
 * The text of `id` in `catalogue`, else in `fallback`, with its parameters filled in; a numeric `n`
 * picks the `_one` form when the language says so.
 */
export function formatMessage(
  catalogue: Catalogue,
  fallback: Catalogue,
  id: MessageId,
  params: MessageParams = {},
): string {
  const one = typeof params.n === 'number' && isOne(catalogue.lang, params.n) ? (`${id}_one` as MessageId) : undefined;
  const template = pickMessage(catalogue, id, one) ?? pickMessage(fallback, id, one) ?? id;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
