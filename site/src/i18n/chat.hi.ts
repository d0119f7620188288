// Hindi strings of the chatbot: the keys of chat.en.ts.
import type { chatEn } from './chat.en';

export const chatHi: Record<keyof typeof chatEn, string> = {
  'chat.region': 'मदद',
  'chat.open': 'Writory से पूछें',
  'chat.loadingLauncher': 'चैटबॉट लोड हो रहा है...',
  'chat.loadFailed': 'चैटबॉट लोड नहीं हो सका।',
  'chat.retry': 'फिर कोशिश करें',
  'chat.title': 'Writory से पूछें',
  'chat.intro': 'हमारे FAQ से जवाब',
  'chat.close': 'चैट बंद करें',
  'chat.log': 'बातचीत',
  'chat.you': 'आप:',
  'chat.bot': 'Writory:',
  'chat.welcome': 'नमस्ते! मुझसे प्रतियोगिता के बारे में पूछें: तारीख़ें, फ़ाइल प्रारूप, निर्णय, उम्र की सीमा या पुरस्कार।',
  'chat.suggestions': 'लोकप्रिय सवाल',
  'chat.label': 'आपका सवाल',
  'chat.placeholder': 'अपना सवाल लिखें',
  'chat.send': 'भेजें',
  'chat.noMatch': 'माफ़ कीजिए, इसका जवाब अभी मेरे पास नहीं है। हमारी टीम ख़ुशी से मदद करेगी:',
  'chat.unavailable': 'अभी जवाबों तक पहुँच नहीं हो पा रही। कृपया बाद में फिर कोशिश करें, या हमें लिखें:',
  'chat.contact': 'संपर्क करें',
  'chat.loading': 'लोड हो रहा है...',
};
