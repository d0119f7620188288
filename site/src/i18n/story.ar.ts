// Arabic: the /submit and profile strings that say "poem", as a story competition says them (the keys of story.en.ts).
import type { storyEn } from './story.en';

export const storyAr: Record<keyof typeof storyEn, string> = {
  'submit.step1': 'الخطوة 1 من 2: قصتك وبياناتك',
  'submit.poemLegend': 'قصتك',
  'submit.poem': 'ملف القصة',
  'submit.poemHint': 'ملف Word (.docx) أو PDF لا يتجاوز 5 ميغابايت. حافظ على فقراتك: يقرؤها المحكّمون كما كتبتها.',
  'submit.poemEmpty': 'هذا الملف فارغ. اختر ملف قصتك.',
  'submit.poemRequired': 'اختر ملف قصتك.',
  'submit.titleRequired': 'أعطِ قصتك عنوانًا.',
  'submit.language': 'لغة القصة',
  'submit.languageRequired': 'اذكر اللغة التي كُتبت بها القصة.',
  'submit.aboutYouHint': 'لا يرى المحكّمون هذه البيانات أبدًا: فهم يقرؤون قصتك برمز المشاركة فقط.',
  'submit.nameInScript': 'اسمك بخط القصة (اختياري)',
  'submit.nameInScriptHint': 'اكتب اسمك كما يظهر بخط القصة نفسها، لنتمكن من إخفائه عن المحكّمين.',
  'submit.nameInScriptInvalid': 'اكتب اسمك بخط القصة، أو اترك الحقل فارغًا.',
  'submit.confirm': 'أرسل قصتي',
  'submit.failed': 'تعذّر إرسال قصتك. تحقّق من اتصالك وحاول مجددًا: لن تُحتسب مشاركتك مرتين.',
  'submit.busyChecking': 'تُراجَع مشاركات كثيرة الآن. سنراجع مشاركتك مجددًا بعد {wait} (المحاولة {attempt}): أبقِ هذه الصفحة مفتوحة.',
  'submit.busySubmitting': 'تُراجَع مشاركات كثيرة الآن. سنرسل مشاركتك مجددًا بعد {wait} (المحاولة {attempt}): أبقِ هذه الصفحة مفتوحة. لن تُحتسب إلا مرة واحدة.',
  'submit.receiptHeading': 'دخلت قصتك المسابقة',
  'submit.receiptBody': 'دخلت قصتك «{title}» مسابقة {month}. النتائج: {when}.',
  'submit.another': 'شارك بقصة أخرى',
};
