import { describe, expect, it } from 'vitest';
import { contactInput, entryFormFields, newPostBody, reminderBody } from '@writory/shared';
import { newPostBody as lazyNewPostBody } from '@writory/shared/schemas/wall';
import { schemaIssues, schemaProblems } from './form-schema';

describe('schemaProblems', () => {
  it('is empty for values the schema accepts', async () => {
    expect(await schemaProblems(newPostBody, { title: 'Rain', text: 'It fell.', language: 'en' }, ['title', 'text', 'language'])).toEqual({});
  });

  it.each([
    [
      'wall post',
      newPostBody,
      { title: ' ', text: '', language: 'not a tag!!' },
      ['title', 'text', 'language'],
      { title: 'is required', text: 'is required', language: 'must be a language tag such as en, hi or ar' },
    ],
    [
      'reminder',
      reminderBody,
      { subject: '', body: ' ', audience: 'everyone' },
      ['subject', 'body'],
      { subject: 'Write a subject.', body: 'Write the message.' },
    ],
    [
      'contact',
      contactInput,
      { name: 'A', email: 'asha@', subject: 'Hi there', message: 'short' },
      ['name', 'email', 'subject', 'message'],
      { name: 'must be at least 2 characters', email: 'must be a valid email address', message: 'must be at least 20 characters' },
    ],
  ])('gives the first problem of each %s field in the words the cms uses', async (_name, schema, values, fields, expected) => {
    expect(await schemaProblems(schema, values, fields)).toEqual(expected);
  });

  it('takes a schema that is still loading', async () => {
    expect(await schemaProblems(Promise.resolve(lazyNewPostBody), { title: 'Rain', text: '', language: 'en' }, ['title', 'text'])).toEqual({
      text: 'is required',
    });
  });

  it('leaves out fields the form does not show', async () => {
    expect(await schemaProblems(reminderBody, { subject: 'Hello', body: 'Write soon.', audience: 'nobody' }, ['subject', 'body'])).toEqual({});
  });
});

describe('schemaIssues', () => {
  it('keeps the kind of each problem', async () => {
    const issues = await schemaIssues(
      entryFormFields,
      { title: 'x'.repeat(161), language: 'English', fullName: 'Mira Okafor', phone: '+44 7700 900123', country: 'GB' },
      ['title', 'country'],
    );
    expect(issues.title).toMatchObject({ code: 'too_big', message: 'The title must be at most 160 characters.' });
    expect(issues.country).toBeUndefined();
  });
});
