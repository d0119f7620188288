// Hindi: the shared schemas' field messages a form shows (the keys of schema-words.en.ts). After a field's name:
// "संदेश आवश्यक है", "शीर्षक में नियंत्रण वर्ण नहीं हो सकते".
import type { schemaWordsEn } from './schema-words.en';

export const schemaWordsHi: Record<keyof typeof schemaWordsEn, string> = {
  'schema.required': 'आवश्यक है',
  'schema.text': 'पाठ होना चाहिए',
  'schema.atLeast': 'कम से कम {min} अक्षरों का होना चाहिए',
  'schema.atMost': 'अधिकतम {max} अक्षरों का हो सकता है',
  'schema.controlChars': 'में नियंत्रण वर्ण हैं',
  'schema.noControlChars': 'में नियंत्रण वर्ण नहीं हो सकते',
  'schema.oneLine': 'में नई पंक्ति या नियंत्रण वर्ण नहीं हो सकते',
  'schema.email': 'एक सही ईमेल पता होना चाहिए',
  'schema.languageTag': 'en, hi या ar जैसा भाषा कोड होना चाहिए',
  'schema.oneOf': 'इनमें से एक होना चाहिए: {choices}',
  'schema.commentOrCritique': 'आवश्यक है: टिप्पणी या समीक्षा लिखें',
  'schema.critiqueNotInReply': 'समीक्षा कविता पर दी जाती है, जवाब में नहीं',
  'schema.entryTitleMax': 'शीर्षक अधिकतम {max} अक्षरों का हो सकता है।',
  'schema.entryLanguageMax': 'भाषा का नाम अधिकतम {max} अक्षरों का हो सकता है।',
  'schema.entryNameMax': 'पूरा नाम अधिकतम {max} अक्षरों का हो सकता है।',
  'schema.entryNameInScriptMax': 'कविता की लिपि में आपका नाम अधिकतम {max} अक्षरों का हो सकता है।',
  'schema.reminderSubject': 'विषय लिखें।',
  'schema.reminderSubjectMax': 'विषय अधिकतम {max} अक्षरों का हो सकता है।',
  'schema.reminderSubjectLine': 'विषय एक ही पंक्ति का हो, बिना नियंत्रण वर्णों के।',
  'schema.reminderBody': 'संदेश लिखें।',
  'schema.reminderBodyMax': 'संदेश अधिकतम {max} अक्षरों का हो सकता है।',
  'schema.reminderBodyControl': 'संदेश में नियंत्रण वर्ण हैं।',
  'schema.reminderAudience': 'पाने वाले चुनें: {choices}।',
};
