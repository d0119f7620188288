import { afterEach, describe, expect, it } from 'vitest';
import { commentsOpenBody, contactInput, entryFormFields, newCommentBody, newPostBody, reminderBody } from '@writory/shared';
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

describe('on a Hindi or an Arabic page (issue 39)', () => {
  const onPage = (lang: 'en' | 'hi' | 'ar') => {
    document.documentElement.lang = lang;
  };
  afterEach(() => onPage('en'));

  it.each([
    [
      'hi',
      {
        contact: { name: 'कम से कम 2 अक्षरों का होना चाहिए', email: 'एक सही ईमेल पता होना चाहिए', subject: 'आवश्यक है', message: 'कम से कम 20 अक्षरों का होना चाहिए' },
        wall: { title: 'आवश्यक है', text: 'अधिकतम 20,000 अक्षरों का हो सकता है', language: 'en, hi या ar जैसा भाषा कोड होना चाहिए' },
        comment: { text: 'आवश्यक है: टिप्पणी या समीक्षा लिखें' },
        entry: { title: 'शीर्षक अधिकतम 160 अक्षरों का हो सकता है।' },
        reminder: { subject: 'विषय लिखें।', body: 'संदेश अधिकतम 10,000 अक्षरों का हो सकता है।' },
      },
    ],
    [
      'ar',
      {
        contact: { name: 'يلزم 2 حرفًا على الأقل', email: 'يجب أن يكون عنوان بريد إلكتروني صحيحًا', subject: 'مطلوب', message: 'يلزم 20 حرفًا على الأقل' },
        wall: { title: 'مطلوب', text: 'يجب ألا يتجاوز 20,000 حرفًا', language: 'يجب أن يكون رمز لغة مثل en أو hi أو ar' },
        comment: { text: 'مطلوب: اكتب تعليقًا أو نقدًا' },
        entry: { title: 'يجب ألا يتجاوز العنوان 160 حرفًا.' },
        reminder: { subject: 'اكتب موضوعًا.', body: 'يجب ألا تتجاوز الرسالة 10,000 حرفًا.' },
      },
    ],
  ] as const)('says the schemas’ field messages in %s', async (lang, expected) => {
    onPage(lang);
    expect(await schemaProblems(contactInput, { name: 'A', email: 'asha@', subject: ' ', message: 'short' }, ['name', 'email', 'subject', 'message'])).toEqual(
      expected.contact,
    );
    expect(await schemaProblems(newPostBody, { title: ' ', text: 'ल'.repeat(20_001), language: '!!' }, ['title', 'text', 'language'])).toEqual(expected.wall);
    expect(await schemaProblems(newCommentBody, {}, ['text'])).toEqual(expected.comment);
    const entry = await schemaIssues(
      entryFormFields,
      { title: 'x'.repeat(161), language: 'हिन्दी', fullName: 'मीरा', phone: '+91 90000 00000', country: 'IN' },
      ['title'],
    );
    expect(entry.title).toMatchObject({ code: 'too_big', message: expected.entry.title });
    expect(await schemaProblems(reminderBody, { subject: '', body: 'x'.repeat(10_001), audience: 'all' }, ['subject', 'body'])).toEqual(expected.reminder);
  });

  it('keeps a message it has no words for as the schema wrote it', async () => {
    onPage('hi');
    expect(await schemaProblems(commentsOpenBody, { open: 'yes' }, ['open'])).toEqual({ open: 'must be true or false' });
  });
});
