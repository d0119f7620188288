// Arabic UI strings of the results CSV upload (the same keys as results-csv.en.ts).
export const resultsCsvAr = {
  'resultsCsv.columns': 'الأعمدة: entry_code، ثم {criteria}، أو total ‏(0–100)، وعمود comment اختياري. ترميز UTF-8، بحد أقصى 10 ميغابايت.',
  'resultsCsv.criterion': '{name} ‏(0–{max})',
} as const;
