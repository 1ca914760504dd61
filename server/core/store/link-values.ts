// The values stored under each link of an answer chain, as both stores read them for the signed export.

/**
 * A link with the values stored under it (null once deleted): those an edit replaced are in the revision naming
 * the link's place; the answer's current values belong to its last answer or edit link, which no revision names.
 */
export const LINK_VALUES =
  'COALESCE(r.data, s.data) AS data, r.form_id IS NOT NULL AS superseded, s.created_at AS answer_at ' +
  'FROM answer_links l LEFT JOIN submission_revisions r ON r.form_id = l.form_id ' +
  "AND r.link_pos = l.pos LEFT JOIN submissions s ON l.kind <> 'deletion' AND r.form_id IS NULL " +
  'AND s.id = l.answer_id AND s.form_id = l.form_id';
