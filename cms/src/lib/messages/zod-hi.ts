// zod's own words in Hindi, for checks with no message of their own. zod 4.1 (the cms's) has an Arabic locale but
// no Hindi one (it arrives in a later zod), so these few are written here, in the shape of zod's locales.
interface Issue {
  code?: string;
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  keys?: string[];
  values?: unknown[];
}

const UNITS: Record<string, string> = { string: 'अक्षर', array: 'चीज़ें', set: 'चीज़ें', file: 'बाइट' };
const TYPES: Record<string, string> = { string: 'पाठ', number: 'संख्या', boolean: 'true या false', object: 'ऑब्जेक्ट', array: 'सूची', date: 'तारीख़' };

export function hindiZodWords(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `अमान्य मान: ${TYPES[issue.expected ?? ''] ?? issue.expected} होना चाहिए`;
    case 'invalid_value':
      return `अमान्य मान: इनमें से एक होना चाहिए: ${(issue.values ?? []).map(String).join(', ')}`;
    case 'too_big': {
      const unit = UNITS[issue.origin ?? ''];
      return unit
        ? `बहुत बड़ा: अधिकतम ${String(issue.maximum)} ${unit} हो सकते हैं`
        : `बहुत बड़ा: ${issue.inclusive ? 'अधिकतम' : 'इससे कम'} ${String(issue.maximum)} होना चाहिए`;
    }
    case 'too_small': {
      const unit = UNITS[issue.origin ?? ''];
      return unit
        ? `बहुत छोटा: कम से कम ${String(issue.minimum)} ${unit} होने चाहिए`
        : `बहुत छोटा: ${issue.inclusive ? 'कम से कम' : 'इससे ज़्यादा'} ${String(issue.minimum)} होना चाहिए`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'अमान्य ईमेल पता' : `अमान्य प्रारूप (${issue.format})`;
    case 'unrecognized_keys':
      return `अनजान फ़ील्ड: ${(issue.keys ?? []).join(', ')}`;
    default:
      return 'अमान्य मान';
  }
}
