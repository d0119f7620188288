// Arabic introductions of the staff pages (the same keys as admin-purposes.en.ts).
import type { adminPurposesEn } from './admin-purposes.en';

export const adminPurposesAr: Record<keyof typeof adminPurposesEn, string> = {
  'adminPurpose.admin-visit-tracking': 'الزيارات والزوّار الفريدون وأكثر الصفحات زيارةً والأجهزة عبر الزمن.',
  'adminPurpose.admin-competitions': 'أنشئ المسابقات وعدّلها: ما تقبله، ولغاتها، ومعاييرها، وحدودها.',
  'adminPurpose.admin-submissions': 'قيّم مشاركات هذا الشهر دون معرفة الهوية وفق المعايير الخمسة.',
  'adminPurpose.admin-submission-data': 'كل مشاركات المسابقة في جدول واحد، مع تصدير CSV.',
  'adminPurpose.admin-upload': 'ارفع الدرجات أو انشرها الآن أو في موعد محدّد.',
  'adminPurpose.admin-leaderboard-upload': 'استورد صفوف لوحة الصدارة القديمة من ملف CSV.',
  'adminPurpose.admin-participation-certificate': 'عاين شهادات المشاركة لشهر ما وأصدرها.',
  'adminPurpose.admin-winner-certificate': 'عاين شهادات الفائزين في كل شهر وأصدرها.',
  'adminPurpose.admin-wall-moderation': 'اقبل منشورات جدار Writory أو ارفضها أو أخفها أو أعدها.',
  'adminPurpose.admin-upload-articles': 'اكتب مقالًا في Writory وانشره دون فتح نظام إدارة المحتوى.',
  'adminPurpose.admin-users': 'ابحث عن المستخدمين، وغيّر أدوارهم، وعلّق الحسابات وأعدها.',
  'adminPurpose.admin-users-data': 'كل المستخدمين في جدول قابل للتصفية، مع تصدير CSV.',
  'adminPurpose.admin-contacts': 'الرسائل المرسلة عبر نموذج التواصل.',
  'adminPurpose.admin-feedback': 'التقييمات والتعليقات التي يرسلها الشعراء من الموقع.',
  'adminPurpose.admin-email-reminder': 'اكتب تذكيرًا وأرسله إلى فئة من الشعراء.',
  'adminPurpose.admin-tier-prices': 'باقات المشاركة وسعر كل منها بكل عملة.',
  'adminPurpose.admin-coupon-codes': 'رموز الخصم وحدودها واستخدامها.',
  'adminPurpose.admin-revenue-report': 'الإيرادات حسب اليوم والشهر والباقة والقسيمة والعملة.',
  'adminPurpose.admin-withdrawal-management': 'اقبل طلبات صرف أرباح الشعراء أو ادفعها أو ارفضها.',
  'adminPurpose.admin-settings': 'المنطقة الزمنية للمسابقة وتواريخها وحدودها وبيانات التواصل.',
  'adminPurpose.articlesMore': 'تصل المقالات المنشورة إلى الموقع خلال دقيقة؛ ويمكن للمحرّرين تعديلها لاحقًا من لوحة Strapi.',
  'adminPurpose.uploadMore': 'يجري النشر المجدول على الخادم في موعده، سواء كانت هذه الصفحة مفتوحة أم لا.',
  'adminWallModeration.intro':
    'تنتظر القصائد الجديدة هنا حتى يوافق عليها مشرف. ارفض أو أخفِ مع ذكر سبب يقرؤه الشاعر؛ وعدة بلاغات مفتوحة تُنزل القصيدة عن الجدار حتى يعيدها أحد أو يخفيها. علامات قائمة الكلمات والتشابه تلميحات، لا قرارات. ويمكن للمحررين فعل الشيء نفسه في لوحة Strapi (Content Manager → Wall post).',
};
