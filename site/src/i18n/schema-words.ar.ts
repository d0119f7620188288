// Arabic: the shared schemas' field messages a form shows (the keys of schema-words.en.ts). After a field's name and
// a colon (`form.fieldProblem`), so they need not agree with its gender: "الرسالة: مطلوب".
import type { schemaWordsEn } from './schema-words.en';

export const schemaWordsAr: Record<keyof typeof schemaWordsEn, string> = {
  'schema.required': 'مطلوب',
  'schema.text': 'يجب أن يكون نصًا',
  'schema.atLeast': 'يلزم {min} حرفًا على الأقل',
  'schema.atMost': 'يجب ألا يتجاوز {max} حرفًا',
  'schema.controlChars': 'يحتوي على محارف تحكم',
  'schema.noControlChars': 'لا يمكن أن يحتوي على محارف تحكم',
  'schema.oneLine': 'لا يمكن أن يحتوي على فواصل أسطر أو محارف تحكم',
  'schema.email': 'يجب أن يكون عنوان بريد إلكتروني صحيحًا',
  'schema.languageTag': 'يجب أن يكون رمز لغة مثل en أو hi أو ar',
  'schema.oneOf': 'يجب أن يكون أحد الخيارات: {choices}',
  'schema.commentOrCritique': 'مطلوب: اكتب تعليقًا أو نقدًا',
  'schema.critiqueNotInReply': 'يُكتب النقد على القصيدة، لا في الرد',
  'schema.entryTitleMax': 'يجب ألا يتجاوز العنوان {max} حرفًا.',
  'schema.entryLanguageMax': 'يجب ألا يتجاوز اسم اللغة {max} حرفًا.',
  'schema.entryNameMax': 'يجب ألا يتجاوز الاسم الكامل {max} حرفًا.',
  'schema.entryNameInScriptMax': 'يجب ألا يتجاوز اسمك بخط القصيدة {max} حرفًا.',
  'schema.reminderSubject': 'اكتب موضوعًا.',
  'schema.reminderSubjectMax': 'يجب ألا يتجاوز الموضوع {max} حرفًا.',
  'schema.reminderSubjectLine': 'يجب أن يكون الموضوع سطرًا واحدًا بلا محارف تحكم.',
  'schema.reminderBody': 'اكتب الرسالة.',
  'schema.reminderBodyMax': 'يجب ألا تتجاوز الرسالة {max} حرفًا.',
  'schema.reminderBodyControl': 'تحتوي الرسالة على محارف تحكم.',
  'schema.reminderAudience': 'اختر المستلمين: {choices}.',
};
