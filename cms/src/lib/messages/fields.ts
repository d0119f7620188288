// The shared request schemas' field messages (packages/shared/src/schemas) in Hindi and Arabic. The schemas keep their
// English words (the site's forms and the tests read them); the cms says a 422 in the reader's language by finding
// the English message here, `{name}` standing for a value the schema writes into it (a limit, a field's label).
// Messages not listed (the admin forms' fields) are said in English. zod's own words for checks without a message
// come from zod's locales (index.ts of zod/v4/locales: hi, ar).
import type { Locale } from '@writory/shared';

type Translations = Record<Exclude<Locale, 'en'>, string>;

export const FIELD_MESSAGES: Record<string, Translations> = {
  // common and wall queries
  'must be a number': { hi: 'संख्या होनी चाहिए', ar: 'يجب أن يكون رقمًا' },
  'must be a whole number': { hi: 'पूर्ण संख्या होनी चाहिए', ar: 'يجب أن يكون عددًا صحيحًا' },
  'must be at most {max}': { hi: 'अधिकतम {max} हो सकता है', ar: 'يجب ألا يتجاوز {max}' },
  'must be at most {max} characters': { hi: 'अधिकतम {max} अक्षर हो सकते हैं', ar: 'يجب ألا يتجاوز {max} حرفًا' },
  'must be 1 or more': { hi: '1 या उससे ज़्यादा होना चाहिए', ar: 'يجب أن يكون 1 أو أكثر' },
  'is required': { hi: 'आवश्यक है', ar: 'مطلوب' },
  'cannot contain control characters': { hi: 'इसमें नियंत्रण वर्ण नहीं हो सकते', ar: 'لا يمكن أن يحتوي على محارف تحكم' },
  'cannot contain line breaks or control characters': {
    hi: 'इसमें नई पंक्ति या नियंत्रण वर्ण नहीं हो सकते',
    ar: 'لا يمكن أن يحتوي على فواصل أسطر أو محارف تحكم',
  },
  'must be the nextCursor of a previous page': { hi: 'पिछले पेज का nextCursor होना चाहिए', ar: 'يجب أن يكون nextCursor لصفحة سابقة' },
  'is required when the reason is "other": tell the moderators what is wrong': {
    hi: 'कारण "other" होने पर आवश्यक है: मॉडरेटरों को बताएँ कि क्या ग़लत है',
    ar: 'مطلوب عندما يكون السبب "other": أخبر المشرفين بما هو الخطأ',
  },
  // the profile and the account's emails
  'Name must be text.': { hi: 'नाम पाठ होना चाहिए।', ar: 'يجب أن يكون الاسم نصًا.' },
  'Name must be at most {max} characters.': { hi: 'नाम अधिकतम {max} अक्षरों का हो सकता है।', ar: 'يجب ألا يتجاوز الاسم {max} حرفًا.' },
  'Phone must be text.': { hi: 'फ़ोन नंबर पाठ होना चाहिए।', ar: 'يجب أن يكون رقم الهاتف نصًا.' },
  'Phone must be a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes).': {
    hi: 'फ़ोन +91 90000 00000 जैसा फ़ोन नंबर होना चाहिए (6 से 20 अंक, खाली जगह, कोष्ठक या डैश)।',
    ar: 'يجب أن يكون الهاتف رقم هاتف مثل ‎+91 90000 00000 (من 6 إلى 20 رقمًا، مع مسافات أو أقواس أو شرطات).',
  },
  'Date of birth must be a date written YYYY-MM-DD.': {
    hi: 'जन्मतिथि YYYY-MM-DD रूप में लिखी तारीख़ होनी चाहिए।',
    ar: 'يجب أن يكون تاريخ الميلاد تاريخًا مكتوبًا بالشكل YYYY-MM-DD.',
  },
  'Date of birth cannot be in the future.': { hi: 'जन्मतिथि भविष्य की नहीं हो सकती।', ar: 'لا يمكن أن يكون تاريخ الميلاد في المستقبل.' },
  'Date of birth must be after 1900.': { hi: 'जन्मतिथि 1900 के बाद की होनी चाहिए।', ar: 'يجب أن يكون تاريخ الميلاد بعد عام 1900.' },
  'You must be at least {age} years old to take part in Writory.': {
    hi: 'Writory में भाग लेने के लिए आपकी आयु कम से कम {age} वर्ष होनी चाहिए।',
    ar: 'يجب أن يكون عمرك {age} عامًا على الأقل لتشارك في Writory.',
  },
  'These fields cannot be changed here: {fields}.': { hi: 'ये फ़ील्ड यहाँ नहीं बदले जा सकते: {fields}।', ar: 'لا يمكن تغيير هذه الحقول هنا: {fields}.' },
  'Send a JSON object.': { hi: 'एक JSON ऑब्जेक्ट भेजें।', ar: 'أرسل كائن JSON.' },
  'Language must be one of {locales}.': { hi: 'भाषा इनमें से एक होनी चाहिए: {locales}।', ar: 'يجب أن تكون اللغة إحدى القيم: {locales}.' },
  'uid is required.': { hi: 'uid आवश्यक है।', ar: 'قيمة uid مطلوبة.' },
  'Email must be an email address.': { hi: 'ईमेल एक ईमेल पता होना चाहिए।', ar: 'يجب أن يكون البريد الإلكتروني عنوان بريد صالحًا.' },
  'Enter your email address.': { hi: 'अपना ईमेल पता दर्ज करें।', ar: 'أدخل بريدك الإلكتروني.' },
  'The email address must be at most 254 characters.': { hi: 'ईमेल पता अधिकतम 254 अक्षरों का हो सकता है।', ar: 'يجب ألا يتجاوز البريد الإلكتروني 254 حرفًا.' },
  'Enter an email address like name@example.com.': { hi: 'name@example.com जैसा ईमेल पता दर्ज करें।', ar: 'أدخل بريدًا إلكترونيًا مثل name@example.com.' },
  'Send an empty JSON object.': { hi: 'एक ख़ाली JSON ऑब्जेक्ट भेजें।', ar: 'أرسل كائن JSON فارغًا.' },
  // the entry form
  'Give your poem a title.': { hi: 'अपनी कविता को शीर्षक दें।', ar: 'أعطِ قصيدتك عنوانًا.' },
  'Say which language the poem is in.': { hi: 'बताएँ कि कविता किस भाषा में है।', ar: 'اذكر اللغة التي كُتبت بها القصيدة.' },
  'Enter your full name.': { hi: 'अपना पूरा नाम दर्ज करें।', ar: 'أدخل اسمك الكامل.' },
  'Enter your phone number.': { hi: 'अपना फ़ोन नंबर दर्ज करें।', ar: 'أدخل رقم هاتفك.' },
  'Enter a phone number such as +91 90000 00000 (6 to 20 digits, spaces, brackets or dashes).': {
    hi: '+91 90000 00000 जैसा फ़ोन नंबर दर्ज करें (6 से 20 अंक, खाली जगह, कोष्ठक या डैश)।',
    ar: 'أدخل رقم هاتف مثل ‎+91 90000 00000 (من 6 إلى 20 رقمًا، مع مسافات أو أقواس أو شرطات).',
  },
  'Choose your country.': { hi: 'अपना देश चुनें।', ar: 'اختر بلدك.' },
  'Choose your country from the list.': { hi: 'सूची में से अपना देश चुनें।', ar: 'اختر بلدك من القائمة.' },
  'The title must be at most {max} characters.': { hi: 'शीर्षक अधिकतम {max} अक्षरों का हो सकता है।', ar: 'يجب ألا يتجاوز العنوان {max} حرفًا.' },
  'The language must be at most {max} characters.': { hi: 'भाषा का नाम अधिकतम {max} अक्षरों का हो सकता है।', ar: 'يجب ألا يتجاوز اسم اللغة {max} حرفًا.' },
  'Full name must be at most {max} characters.': { hi: 'पूरा नाम अधिकतम {max} अक्षरों का हो सकता है।', ar: 'يجب ألا يتجاوز الاسم الكامل {max} حرفًا.' },
  'The name in your poem’s script must be text.': { hi: 'कविता की लिपि में आपका नाम पाठ होना चाहिए।', ar: 'يجب أن يكون اسمك بخط القصيدة نصًا.' },
  'The name in your poem’s script must be at most {max} characters.': {
    hi: 'कविता की लिपि में आपका नाम अधिकतम {max} अक्षरों का हो सकता है।',
    ar: 'يجب ألا يتجاوز اسمك بخط القصيدة {max} حرفًا.',
  },
  'Tick every declaration.': { hi: 'हर घोषणा पर सही का निशान लगाएँ।', ar: 'ضع علامة على كل الإقرارات.' },
  'Tick the declaration: “{declaration}”': { hi: 'इस घोषणा पर सही का निशान लगाएँ: “{declaration}”', ar: 'ضع علامة على الإقرار: «{declaration}»' },
  'Check the text we extracted from your file, then confirm it.': {
    hi: 'हमने आपकी फ़ाइल से जो पाठ निकाला है उसे जाँचें, फिर उसकी पुष्टि करें।',
    ar: 'راجع النص الذي استخرجناه من ملفك، ثم أكّده.',
  },
  // buying entries
  'Coupon code must be text.': { hi: 'कूपन कोड पाठ होना चाहिए।', ar: 'يجب أن يكون رمز القسيمة نصًا.' },
  'Coupon code is at most 32 characters.': { hi: 'कूपन कोड अधिकतम 32 अक्षरों का होता है।', ar: 'رمز القسيمة 32 حرفًا على الأكثر.' },
};

/** The regular expression an English template matches, its placeholders captured by name. */
function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{(\w+)\}/g, (_whole, name: string) => `(?<${name}>.+?)`)}$`, 's');
}

const PATTERNS = Object.entries(FIELD_MESSAGES).map(([english, words]) => ({ english, pattern: patternOf(english), words }));

/** A schema's English field message in `locale`; itself when there is no translation. */
export function fieldMessageIn(locale: Locale, message: string): string {
  if (locale === 'en') return message;
  const exact = FIELD_MESSAGES[message];
  if (exact) return exact[locale];
  for (const { pattern, words } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return words[locale].replace(/\{(\w+)\}/g, (whole, name: string) => match.groups?.[name] ?? whole);
  }
  return message;
}
