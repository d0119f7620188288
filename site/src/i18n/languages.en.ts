// English strings of the language features (switcher, first-visit suggestion, untranslated-content notice),
// spread into en.ts. Languages are named in their own script in every catalogue.
export const languagesEn = {
  'language.label': 'Language',
  'language.choose': 'Choose a language',
  'language.name.en': 'English',
  'language.name.hi': 'हिन्दी',
  'language.name.ar': 'العربية',
  'language.suggest': 'Writory is also in English.',
  'language.suggestSwitch': 'Read in English',
  'language.suggestDismiss': 'No, thanks',
  'language.fallback': 'This page has not been translated into English yet.',
  'language.fallbackEnglish': 'It is not yet translated: you are reading the English text.',
} as const;
