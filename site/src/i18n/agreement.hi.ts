// Hindi: the keys of agreement.en.ts.
import type { agreementEn } from './agreement.en';

export const agreementHi: Record<keyof typeof agreementEn, string> = {
  'judging.agreement.unmeasured': 'बहुत कम प्रविष्टियाँ एक से अधिक निर्णायकों ने पढ़ीं, इसलिए निर्णायकों की सहमति मापी नहीं जा सकी।',
  'judging.agreement.close': 'निर्णायक काफ़ी हद तक सहमत रहे: जिन प्रविष्टियों को एक निर्णायक ने ऊँचे अंक दिए, उन्हें बाक़ियों ने भी ऊँचे अंक दिए।',
  'judging.agreement.mostly': 'निर्णायक ज़्यादातर सहमत रहे; जहाँ मतभेद हुआ, वहाँ हर प्रविष्टि पर कई निर्णायकों के औसत ने उसे संतुलित कर दिया।',
  'judging.agreement.often': 'निर्णायक अक्सर असहमत रहे, जैसे कविता के पाठक होते हैं; हर प्रविष्टि के अंक कई निर्णायकों का औसत हैं, ताकि कोई एक पाठक फ़ैसला न करे।',
  'judging.agreement.below': 'निर्णायक संयोग से भी अधिक असहमत रहे; ऐसे महीनों की समीक्षा टीम प्रकाशन से पहले करती है।',
};
