// The entry form's own checks, so a poet hears about a missing field before uploading anything.
import { CONTACT_PHONE_PATTERN } from '@writory/shared';
import type { MessageKey } from '../i18n/en';
import { photoProblem, poemProblem } from './entry-files';

export interface EntryFormValues {
  title: string;
  language: string;
  fullName: string;
  phone: string;
  country: string;
}

export type EntryFormField = keyof EntryFormValues | 'poem' | 'photo';
export const ENTRY_FORM_FIELDS: EntryFormField[] = ['poem', 'title', 'language', 'fullName', 'phone', 'country', 'photo'];

/** The first problem of each field, in form order. */
export function entryFormProblems(values: EntryFormValues, poem: File | null, photo: File | null): Partial<Record<EntryFormField, MessageKey>> {
  const problems: Partial<Record<EntryFormField, MessageKey>> = {};
  const poemIssue = poem ? poemProblem(poem) : 'submit.poemRequired';
  if (poemIssue) problems.poem = poemIssue;
  if (!values.title.trim()) problems.title = 'submit.titleRequired';
  if (!values.language.trim()) problems.language = 'submit.languageRequired';
  if ([...values.fullName.trim()].length < 2) problems.fullName = 'submit.fullNameRequired';
  if (!CONTACT_PHONE_PATTERN.test(values.phone.trim())) problems.phone = 'submit.phoneInvalid';
  if (!values.country) problems.country = 'submit.countryRequired';
  const photoIssue = photo ? photoProblem(photo) : null;
  if (photoIssue) problems.photo = photoIssue;
  return problems;
}

/** The multipart body of POST /api/entries (or of the preview, with `previewOnly`). */
export function entryFormData(values: EntryFormValues, poem: File, photo: File | null, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.append('poem', poem);
  if (photo) body.append('photo', photo);
  for (const [key, value] of Object.entries({ ...values, ...extra })) body.append(key, key === 'country' ? value : value.trim());
  return body;
}
