// The demo's translations (issue 39): a few editors' items in Hindi and Arabic, so a fresh stack shows both a
// translated page (/hi/about, /ar/about) and the English with the "not translated yet" notice (/hi/terms).
// Seeded with their English originals, on the first run only (an editor's deletion stays deleted).
import type { Core } from '@strapi/strapi';
import type { Locale } from '@writory/shared';

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const heading = (text: string) => ({ type: 'heading', level: 2, children: [{ type: 'text', text }] });

type Translated<T> = Partial<Record<Exclude<Locale, 'en'>, T>>;

export const DEMO_PAGE_TRANSLATIONS: Record<string, Translated<{ title: string; intro: string; body: unknown[] }>> = {
  about: {
    hi: {
      title: 'Writory के बारे में',
      intro: 'Writory 13 वर्ष और उससे अधिक आयु के कवियों के लिए हर महीने होने वाली कविता प्रतियोगिता और लेखन समुदाय है, दुनिया में कहीं से भी।',
      body: [
        paragraph(
          'हमने Writory इसलिए शुरू किया क्योंकि हर कविता एक ध्यान से पढ़ने वाले पाठक और एक सच्चे जवाब की हक़दार है। हर महीने निर्णायक हर प्रविष्टि को कवि का नाम जाने बिना पढ़ते हैं और पाँच कसौटियों पर अंक देते हैं, ताकि कवि जान सकें कि क्या असर कर गया और आगे क्या आज़माना है।',
        ),
        heading('हम क्या मानते हैं'),
        paragraph('कविता हर भाषा की है। पुणे की सोलह साल की किशोरी और वालपराइसो के सेवानिवृत्त शिक्षक, दोनों को एक जैसी लगन से पढ़ा जाना चाहिए।'),
      ],
    },
    ar: {
      title: 'عن Writory',
      intro: 'Writory مسابقة شعرية شهرية ومجتمع للكتابة، مفتوح للشعراء من سن الثالثة عشرة فما فوق، من أي مكان في العالم.',
      body: [
        paragraph(
          'أطلقنا Writory لأن كل قصيدة تستحق قارئًا متأنيًا وجوابًا صادقًا. في كل شهر يقرأ المحكّمون كل مشاركة دون أن يعرفوا اسم كاتبها، ويمنحونها درجات على خمسة معايير، ليعرف الشاعر ما الذي نجح وما الذي يجرّبه في المرة القادمة.',
        ),
        heading('ما نؤمن به'),
        paragraph('الشعر ملك لكل اللغات. فتاة في السادسة عشرة في بونه ومعلّم متقاعد في فالبارايسو يستحقان القراءة بالعناية نفسها.'),
      ],
    },
  },
};

/** By slug: the article translated in the demo. */
export const DEMO_ARTICLE_TRANSLATIONS: Record<string, Translated<{ title: string; excerpt: string; body: unknown[] }>> = {
  'writing-in-your-first-language': {
    hi: {
      title: 'अपनी पहली भाषा में लिखना',
      excerpt: 'Writory किसी भी भाषा और लिपि में कविताएँ क्यों स्वीकार करता है, और निर्णायक उन्हें कैसे पढ़ते हैं।',
      body: [paragraph('कविता उसी भाषा के सबसे क़रीब रहती है जिसमें आप सपने देखते हैं। पहले वहीं लिखिए; अनुवाद बाद में, अगर कभी ज़रूरत हो।')],
    },
    ar: {
      title: 'الكتابة بلغتك الأولى',
      excerpt: 'لماذا يقبل Writory القصائد بأي لغة وأي خط، وكيف يقرؤها المحكّمون.',
      body: [paragraph('تعيش القصيدة أقرب ما تكون إلى اللغة التي تحلم بها. اكتب بها أولًا، وترجم لاحقًا إن احتجت إلى ذلك يومًا.')],
    },
  },
};

/** In the order of DEMO_FAQS (the first six; the rest stay English, so the demo's FAQ shows both). */
export const DEMO_FAQ_TRANSLATIONS: Translated<{ question: string; answer: string; keywords: string }[]> = {
  hi: [
    {
      question: 'परिणाम कब घोषित होते हैं?',
      answer:
        'परिणाम हर महीने की 30 तारीख़ को आते हैं (फ़रवरी में महीने के आख़िरी दिन)। हर प्रतिभागी को पाँचों कसौटियों के अंकों और निर्णायकों की टिप्पणियों वाला स्कोर कार्ड मिलता है।',
      keywords: 'परिणाम तारीख़ विजेता अंक कब 30',
    },
    {
      question: 'मैं कविता कब भेज सकता/सकती हूँ?',
      answer: 'प्रविष्टियाँ हर महीने की 1 तारीख़ को खुलती हैं और 25 तारीख़ के अंत में, प्रतियोगिता के समय क्षेत्र के अनुसार, बंद हो जाती हैं।',
      keywords: 'अंतिम तिथि भेजें खुलना बंद 25',
    },
    {
      question: 'कौन-से फ़ाइल प्रारूप स्वीकार हैं?',
      answer: 'अपनी कविता अधिकतम 5 MB की .docx या .pdf फ़ाइल के रूप में अपलोड करें।',
      keywords: 'फ़ाइल प्रारूप docx pdf आकार अपलोड',
    },
    {
      question: 'कविताओं का मूल्यांकन कैसे होता है?',
      answer: 'निर्णायक हर प्रविष्टि को कवि का नाम जाने बिना पढ़ते हैं और संरचना, रचनात्मकता, भाषा, भावनात्मक प्रभाव और विषय पर 0 से 20 तक अंक देते हैं, कुल 100 में से।',
      keywords: 'मूल्यांकन कसौटी अंक निर्णायक',
    },
    {
      question: 'क्या मैं अपनी भाषा में लिख सकता/सकती हूँ?',
      answer: 'हाँ। किसी भी भाषा और लिपि की कविताओं का स्वागत है, और शब्दों की कोई सीमा नहीं है।',
      keywords: 'भाषा हिंदी अरबी तमिल लिपि अनुवाद',
    },
    {
      question: 'भाग लेने के लिए न्यूनतम आयु क्या है?',
      answer: 'Writory दुनिया में कहीं के भी 13 वर्ष और उससे अधिक आयु के कवियों के लिए खुला है।',
      keywords: 'आयु उम्र 13 पात्रता',
    },
  ],
  ar: [
    {
      question: 'متى تُعلن النتائج؟',
      answer: 'تصدر النتائج يوم 30 من كل شهر (وفي آخر يوم من فبراير). ويحصل كل مشارك على بطاقة درجات بالمعايير الخمسة وتعليقات المحكّمين.',
      keywords: 'النتائج موعد الفائزون الدرجات متى 30',
    },
    {
      question: 'متى يمكنني إرسال قصيدتي؟',
      answer: 'يُفتح باب المشاركة في اليوم الأول من كل شهر ويُغلق بنهاية اليوم الخامس والعشرين، بتوقيت المسابقة.',
      keywords: 'الموعد النهائي إرسال فتح إغلاق 25',
    },
    {
      question: 'ما صيغ الملفات المقبولة؟',
      answer: 'ارفع قصيدتك في ملف ‎.docx أو ‎.pdf لا يزيد حجمه على 5 ميغابايت.',
      keywords: 'صيغة ملف docx pdf حجم رفع',
    },
    {
      question: 'كيف تُحكَّم القصائد؟',
      answer: 'يقرأ المحكّمون كل مشاركة دون معرفة اسم كاتبها، ويمنحون من 0 إلى 20 درجة لكل من البناء والإبداع واللغة والأثر العاطفي والموضوع، والمجموع من 100.',
      keywords: 'التحكيم المعايير الدرجات المحكّمون',
    },
    {
      question: 'هل يمكنني الكتابة بلغتي؟',
      answer: 'نعم. نرحّب بالقصائد بأي لغة وأي خط، دون حدّ لعدد الكلمات.',
      keywords: 'لغة هندية عربية تاميلية خط ترجمة',
    },
    {
      question: 'ما السن المطلوبة للمشاركة؟',
      answer: 'Writory مفتوح للشعراء من سن الثالثة عشرة فما فوق، من أي مكان في العالم.',
      keywords: 'السن العمر 13 الأهلية',
    },
  ],
};

/** By competition slug: its tagline and description. */
export const DEMO_COMPETITION_TRANSLATIONS: Record<string, Translated<{ tagline: string; description: string }>> = {
  poetry: {
    hi: {
      tagline: 'हर महीने एक कविता, महीने के विषय पर, किसी भी भाषा में।',
      description:
        'Writory की मासिक कविता प्रतियोगिता। 1 से 25 तारीख़ के बीच किसी भी भाषा में अपनी कविता .docx या PDF के रूप में भेजिए; निर्णायक उसे आपका नाम जाने बिना पढ़ते हैं और संरचना, रचनात्मकता, भाषा, भावनात्मक प्रभाव और विषय पर अंक देते हैं। परिणाम 30 तारीख़ को आते हैं।',
    },
    ar: {
      tagline: 'قصيدة واحدة كل شهر عن موضوع الشهر، بأي لغة.',
      description:
        'مسابقة Writory الشهرية للشعر. أرسل قصيدة بأي لغة في ملف ‎.docx أو PDF بين اليوم الأول واليوم الخامس والعشرين؛ يقرؤها المحكّمون دون اسمك ويمنحونها درجات على البناء والإبداع واللغة والأثر العاطفي والموضوع. تصدر النتائج يوم 30.',
    },
  },
};

/** Adds `translations` to the document of `uid` as its other locales' versions (published too when `publish`). */
export async function addTranslations<T extends object>(
  strapi: Core.Strapi,
  uid: string,
  documentId: string,
  translations: Translated<T> | undefined,
  { publish = false } = {},
): Promise<void> {
  const documents = strapi.documents(uid as 'api::faq.faq');
  for (const [locale, data] of Object.entries(translations ?? {}) as [Locale, T | undefined][]) {
    if (!data) continue;
    await documents.update({ documentId, locale, data: data as never });
    if (publish) await documents.publish({ documentId, locale });
  }
}

/** The demo competitions' translated descriptions, one document per competition. */
export async function seedCompetitionTranslations(strapi: Core.Strapi): Promise<void> {
  const documents = strapi.documents('api::competition.competition-description');
  for (const [competition, translations] of Object.entries(DEMO_COMPETITION_TRANSLATIONS)) {
    const [first, ...rest] = Object.entries(translations) as [Locale, { tagline: string; description: string }][];
    if (!first) continue;
    const created = await documents.create({ locale: first[0], data: { competition, ...first[1] } });
    await addTranslations(strapi, 'api::competition.competition-description', created.documentId, Object.fromEntries(rest));
  }
}
