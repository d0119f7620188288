// The entry form's own checks, so a poet hears about a missing field before uploading anything. The typed
// fields are checked with the schema the cms parses (entryFormFields in packages/shared/src/schemas/entries.ts).
import { languageHasOwnScript, type CompetitionKind } from '@writory/shared';
import type { MessageKey } from '../i18n/en';
import { t } from '../i18n/t';
import { photoProblem, poemProblem } from './entry-files';
import { tFor } from './entry-words';
import { schemaIssues } from './form-schema';

export interface EntryFormValues {
  title: string;
  language: string;
  fullName: string;
  phone: string;
  country: string;
  /** The name as written in the poem's script: asked (and sent) only when the language is not written in Latin letters. */
  nameInScript?: string;
}

export type EntryFormField = keyof EntryFormValues | 'poem' | 'photo';
export const ENTRY_FORM_FIELDS: EntryFormField[] = ['poem', 'title', 'language', 'fullName', 'nameInScript', 'phone', 'country', 'photo'];

const TYPED_FIELDS = ['title', 'language', 'fullName', 'nameInScript', 'phone', 'country'] as const;
/** What a typed field says when it is missing or not in the right form; a length limit says the schema's words. */
const FIELD_PROBLEMS: Record<(typeof TYPED_FIELDS)[number], MessageKey> = {
  title: 'submit.titleRequired',
  language: 'submit.languageRequired',
  fullName: 'submit.fullNameRequired',
  nameInScript: 'submit.nameInScriptInvalid',
  phone: 'submit.phoneInvalid',
  country: 'submit.countryRequired',
};

/** The first problem of each field, in form order, as the text to show. */
export async function entryFormProblems(
  values: EntryFormValues,
  poem: File | null,
  photo: File | null,
  kind: CompetitionKind = 'poem',
): Promise<Partial<Record<EntryFormField, string>>> {
  const problems: Partial<Record<EntryFormField, string>> = {};
  const poemIssue = poem ? poemProblem(poem) : 'submit.poemRequired';
  if (poemIssue) problems.poem = tFor(kind, poemIssue);
  const schema = import('@writory/shared/schemas/entries').then((module) => module.entryFormFields);
  const issues = await schemaIssues(schema, { ...values, nameInScript: nameInScriptOf(values) }, TYPED_FIELDS);
  for (const field of TYPED_FIELDS) {
    const issue = issues[field];
    if (issue) problems[field] = issue.code === 'too_big' ? issue.message : tFor(kind, FIELD_PROBLEMS[field]);
  }
  const photoIssue = photo ? photoProblem(photo) : null;
  if (photoIssue) problems.photo = t(photoIssue);
  return problems;
}

/** The name in the poem's script to send: only when the form asks for it (the language is not in Latin letters). */
export const nameInScriptOf = (values: EntryFormValues): string => (languageHasOwnScript(values.language) ? (values.nameInScript ?? '').trim() : '');

/** The multipart body of POST /api/entries (or of the preview, with `previewOnly`). */
export function entryFormData(values: EntryFormValues, poem: File, photo: File | null, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append('poem', poem);
  if (photo) body.append('photo', photo);
  const { nameInScript: _asked, ...typed } = values;
  for (const [key, value] of Object.entries({ ...typed, ...extra })) body.append(key, key === 'country' ? value : value.trim());
  const nameInScript = nameInScriptOf(values);
  if (nameInScript) body.append('nameInScript', nameInScript);
  return body;
}
