// Hindi strings of the language features: the keys of languages.en.ts.
import type { languagesEn } from './languages.en';

export const languagesHi: Record<keyof typeof languagesEn, string> = {
  'language.label': 'भाषा',
  'language.choose': 'भाषा चुनें',
  'language.name.en': 'English',
  'language.name.hi': 'हिन्दी',
  'language.name.ar': 'العربية',
  'language.suggest': 'Writory हिन्दी में भी है।',
  'language.suggestSwitch': 'हिन्दी में पढ़ें',
  'language.suggestDismiss': 'नहीं, धन्यवाद',
  'language.fallback': 'इस पेज का हिन्दी अनुवाद अभी नहीं हुआ है।',
  'language.fallbackEnglish': 'इसका अनुवाद अभी नहीं हुआ है: आप अंग्रेज़ी पाठ पढ़ रहे हैं।',
};
