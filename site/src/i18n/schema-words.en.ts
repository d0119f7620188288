// The shared request schemas' field messages a form shows (packages/shared/src/schemas), by key, in their English
// words exactly; a `{name}` stands for what the schema writes in (a limit, a list of choices). Forms check with the
// schemas in the browser and show these after the field's name ("Message is required", `form.fieldProblem`), so a
// Hindi or Arabic page says them from schema-words.hi.ts / .ar.ts (lib/schema-words.ts finds the English here).
// Loaded with the schema on a form's first check, in the page's language only: no page downloads them at load.
// The cms says the same messages in its 422s from cms/src/lib/messages/fields.ts.
export const schemaWordsEn = {
  // after a field's name
  'schema.required': 'is required',
  'schema.text': 'must be text',
  'schema.atLeast': 'must be at least {min} characters',
  'schema.atMost': 'must be at most {max} characters',
  'schema.controlChars': 'contains control characters',
  'schema.noControlChars': 'cannot contain control characters',
  'schema.oneLine': 'cannot contain line breaks or control characters',
  'schema.email': 'must be a valid email address',
  'schema.languageTag': 'must be a language tag such as en, hi or ar',
  'schema.oneOf': 'must be one of {choices}',
  // comments: said alone, under the box
  'schema.commentOrCritique': 'is required: write a comment or a critique',
  'schema.critiqueNotInReply': 'goes on the poem, not in a reply',
  // the entry form: whole sentences
  'schema.entryTitleMax': 'The title must be at most {max} characters.',
  'schema.entryLanguageMax': 'The language must be at most {max} characters.',
  'schema.entryNameMax': 'Full name must be at most {max} characters.',
  'schema.entryNameInScriptMax': 'The name in your poem’s script must be at most {max} characters.',
  // the email reminder (admin): whole sentences
  'schema.reminderSubject': 'Write a subject.',
  'schema.reminderSubjectMax': 'The subject must be at most {max} characters.',
  'schema.reminderSubjectLine': 'The subject must be one line without control characters.',
  'schema.reminderBody': 'Write the message.',
  'schema.reminderBodyMax': 'The message must be at most {max} characters.',
  'schema.reminderBodyControl': 'The message contains control characters.',
  'schema.reminderAudience': 'Choose an audience: {choices}.',
} as const;
