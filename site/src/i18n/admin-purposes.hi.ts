// Hindi introductions of the staff pages (the same keys as admin-purposes.en.ts).
import type { adminPurposesEn } from './admin-purposes.en';

export const adminPurposesHi: Record<keyof typeof adminPurposesEn, string> = {
  'adminPurpose.admin-visit-tracking': 'समय के साथ विज़िट, अलग-अलग विज़िटर, सबसे ज़्यादा देखे गए पेज और डिवाइस।',
  'adminPurpose.admin-competitions': 'प्रतियोगिताएँ बनाएँ और बदलें: वे क्या स्वीकार करती हैं, भाषाएँ, मानदंड और सीमाएँ।',
  'adminPurpose.admin-submissions': 'इस महीने की प्रविष्टियों को बिना पहचान के पाँच मानदंडों पर अंक दें।',
  'adminPurpose.admin-submission-data': 'किसी प्रतियोगिता की हर प्रविष्टि एक तालिका में, CSV निर्यात के साथ।',
  'adminPurpose.admin-upload': 'अंक अभी या तय समय पर अपलोड या प्रकाशित करें।',
  'adminPurpose.admin-leaderboard-upload': 'पुरानी लीडरबोर्ड पंक्तियाँ CSV से आयात करें।',
  'adminPurpose.admin-participation-certificate': 'किसी महीने के भागीदारी प्रमाणपत्र देखें और जारी करें।',
  'adminPurpose.admin-winner-certificate': 'हर महीने के विजेताओं के प्रमाणपत्र देखें और जारी करें।',
  'adminPurpose.admin-wall-moderation': 'Writory वॉल की पोस्ट स्वीकार करें, अस्वीकार करें, छिपाएँ और वापस लाएँ।',
  'adminPurpose.admin-upload-articles': 'cms खोले बिना Writory का लेख लिखें और प्रकाशित करें।',
  'adminPurpose.admin-users': 'उपयोगकर्ता खोजें, भूमिकाएँ बदलें, खाते निलंबित करें और बहाल करें।',
  'adminPurpose.admin-users-data': 'सभी उपयोगकर्ता एक फ़िल्टर की जा सकने वाली तालिका में, CSV निर्यात के साथ।',
  'adminPurpose.admin-contacts': 'संपर्क फ़ॉर्म से भेजे गए संदेश।',
  'adminPurpose.admin-feedback': 'कवियों द्वारा साइट से भेजी गई रेटिंग और टिप्पणियाँ।',
  'adminPurpose.admin-email-reminder': 'एक रिमाइंडर लिखें और उसे कवियों के किसी समूह को भेजें।',
  'adminPurpose.admin-tier-prices': 'प्रविष्टि टियर और हर मुद्रा में उनकी कीमत।',
  'adminPurpose.admin-coupon-codes': 'छूट कोड, उनकी सीमाएँ और उपयोग।',
  'adminPurpose.admin-revenue-report': 'दिन, महीने, टियर, कूपन और मुद्रा के अनुसार आय।',
  'adminPurpose.admin-withdrawal-management': 'कवियों के भुगतान अनुरोध स्वीकार करें, भुगतान करें या अस्वीकार करें।',
  'adminPurpose.admin-settings': 'प्रतियोगिता का समय क्षेत्र, तारीख़ें, सीमाएँ और संपर्क विवरण।',
  'adminPurpose.articlesMore': 'प्रकाशित लेख एक मिनट के भीतर साइट पर आ जाते हैं; संपादक उन्हें बाद में Strapi पैनल में बदल सकते हैं।',
  'adminPurpose.uploadMore': 'तय समय वाले प्रकाशन अपने समय पर सर्वर पर चलते हैं, यह पेज खुला हो या नहीं।',
  'adminWallModeration.intro':
    'नई कविताएँ यहाँ तब तक रुकती हैं जब तक कोई संचालक उन्हें स्वीकार न करे। अस्वीकार करें या छिपाएँ, ऐसे कारण के साथ जिसे कवि पढ़ेगा; कई खुली शिकायतें किसी कविता को वॉल से तब तक हटा देती हैं जब तक कोई उसे बहाल न करे या छिपा न दे। शब्द-सूची और समानता के निशान केवल संकेत हैं, कभी फ़ैसले नहीं। संपादक यही काम Strapi पैनल में भी कर सकते हैं (Content Manager → Wall post)।',
};
