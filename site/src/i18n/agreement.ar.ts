// Arabic: the keys of agreement.en.ts.
import type { agreementEn } from './agreement.en';

export const agreementAr: Record<keyof typeof agreementEn, string> = {
  'judging.agreement.unmeasured': 'قرأ أكثرُ من محكّم واحد عددًا قليلًا جدًا من المشاركات، فتعذّر قياس مدى اتفاق المحكّمين.',
  'judging.agreement.close': 'اتفق المحكّمون اتفاقًا وثيقًا: المشاركات التي منحها محكّم درجات عالية منحها الآخرون درجات عالية أيضًا.',
  'judging.agreement.mostly': 'اتفق المحكّمون في الغالب؛ وحيث اختلفوا، وازن متوسط عدة محكّمين لكل مشاركة ذلك الاختلاف.',
  'judging.agreement.often': 'اختلف المحكّمون كثيرًا، كما يختلف قرّاء الشعر؛ فدرجة كل مشاركة متوسط عدة محكّمين حتى لا يحسمها قارئ واحد.',
  'judging.agreement.below': 'اختلف المحكّمون أكثر مما توحي به المصادفة؛ ويراجع الفريق مثل هذه الأشهر قبل النشر.',
};
