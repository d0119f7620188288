// English strings of the small components every island shares (issue 39): pagers, loading and failure notes, form
// buttons, day fields, competition names and rules in words. Spread into en.ts; common-ui.hi.ts and common-ui.ar.ts have the same keys.
export const commonUiEn = {
  'competition.title': '{name} Competition',
} as const;
