// Hindi: the /submit and profile strings that say "poem", as a story competition says them (the keys of story.en.ts).
import type { storyEn } from './story.en';

export const storyHi: Record<keyof typeof storyEn, string> = {
  'submit.step1': 'चरण 1 / 2: आपकी कहानी और आपका विवरण',
  'submit.poemLegend': 'आपकी कहानी',
  'submit.poem': 'कहानी की फ़ाइल',
  'submit.poemHint': 'Word (.docx) या PDF फ़ाइल, अधिकतम 5 MB। अनुच्छेद वैसे ही रखें: निर्णायक उन्हें वैसे ही पढ़ते हैं जैसे आपने लिखे।',
  'submit.poemEmpty': 'यह फ़ाइल ख़ाली है। अपनी कहानी की फ़ाइल चुनें।',
  'submit.poemRequired': 'अपनी कहानी की फ़ाइल चुनें।',
  'submit.titleRequired': 'अपनी कहानी को शीर्षक दें।',
  'submit.language': 'कहानी की भाषा',
  'submit.languageRequired': 'बताएँ कि कहानी किस भाषा में है।',
  'submit.aboutYouHint': 'निर्णायक इन्हें कभी नहीं देखते: वे आपकी कहानी केवल उसके प्रविष्टि कोड से पढ़ते हैं।',
  'submit.nameInScript': 'कहानी की लिपि में आपका नाम (वैकल्पिक)',
  'submit.nameInScriptHint': 'अपना नाम वैसे लिखें जैसे वह कहानी की अपनी लिपि में दिखेगा, ताकि हम उसे निर्णायकों से छिपा सकें।',
  'submit.nameInScriptInvalid': 'अपना नाम कहानी की लिपि में लिखें, या इसे ख़ाली छोड़ दें।',
  'submit.confirm': 'मेरी कहानी भेजें',
  'submit.failed': 'आपकी कहानी भेजी नहीं जा सकी। कनेक्शन जाँचकर फिर कोशिश करें: आपकी प्रविष्टि दो बार नहीं होगी।',
  'submit.busyChecking': 'अभी बहुत-सी प्रविष्टियाँ जाँची जा रही हैं। हम {wait} में आपकी प्रविष्टि फिर जाँचेंगे (प्रयास {attempt}): यह पेज खुला रखें।',
  'submit.busySubmitting': 'अभी बहुत-सी प्रविष्टियाँ जाँची जा रही हैं। हम {wait} में आपकी प्रविष्टि फिर भेजेंगे (प्रयास {attempt}): यह पेज खुला रखें। प्रविष्टि केवल एक बार होगी।',
  'submit.receiptHeading': 'आपकी कहानी प्रतियोगिता में शामिल हो गई',
  'submit.receiptBody': 'आपकी कहानी “{title}” {month} की प्रतियोगिता में शामिल है। परिणाम: {when}।',
  'submit.another': 'एक और कहानी भेजें',
};
