// Arabic strings of the chatbot: the keys of chat.en.ts.
import type { chatEn } from './chat.en';

export const chatAr: Record<keyof typeof chatEn, string> = {
  'chat.region': 'مساعدة',
  'chat.open': 'اسأل Writory',
  'chat.loadingLauncher': 'جارٍ تحميل روبوت المحادثة...',
  'chat.loadFailed': 'تعذّر تحميل روبوت المحادثة.',
  'chat.retry': 'حاول مجددًا',
  'chat.title': 'اسأل Writory',
  'chat.intro': 'إجابات من الأسئلة الشائعة',
  'chat.close': 'إغلاق المحادثة',
  'chat.log': 'المحادثة',
  'chat.you': 'أنت:',
  'chat.bot': 'Writory:',
  'chat.welcome': 'مرحبًا! اسألني عن المسابقة: المواعيد، وصيغ الملفات، والتحكيم، وحدود العمر، والجوائز.',
  'chat.suggestions': 'أسئلة شائعة',
  'chat.label': 'سؤالك',
  'chat.placeholder': 'اكتب سؤالك',
  'chat.send': 'إرسال',
  'chat.noMatch': 'عذرًا، ليست لديّ إجابة عن هذا بعد. يسعد فريقنا بمساعدتك:',
  'chat.unavailable': 'لا أستطيع الوصول إلى الإجابات الآن. يرجى المحاولة لاحقًا، أو راسلنا:',
  'chat.contact': 'اتصل بنا',
  'chat.loading': 'جارٍ التحميل...',
};
