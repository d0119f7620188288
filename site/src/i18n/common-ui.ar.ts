// Arabic strings of the components every island shares: the same keys as common-ui.en.ts.
import type { commonUiEn } from './common-ui.en';

export const commonUiAr: Record<keyof typeof commonUiEn, string> = {
  'competition.title': 'مسابقة {name}',
};
