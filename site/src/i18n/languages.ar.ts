// Arabic strings of the language features: the keys of languages.en.ts.
import type { languagesEn } from './languages.en';

export const languagesAr: Record<keyof typeof languagesEn, string> = {
  'language.label': 'اللغة',
  'language.choose': 'اختر لغة',
  'language.name.en': 'English',
  'language.name.hi': 'हिन्दी',
  'language.name.ar': 'العربية',
  'language.suggest': 'موقع Writory متاح بالعربية أيضًا.',
  'language.suggestSwitch': 'اقرأ بالعربية',
  'language.suggestDismiss': 'لا، شكرًا',
  'language.fallback': 'لم تُترجم هذه الصفحة إلى العربية بعد.',
  'language.fallbackEnglish': 'لم يُترجم هذا النص بعد: أنت تقرأ النص الإنجليزي.',
};
