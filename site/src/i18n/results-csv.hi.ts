// Hindi UI strings of the results CSV upload (the same keys as results-csv.en.ts).
export const resultsCsvHi = {
  'resultsCsv.columns': 'कॉलम: entry_code, फिर {criteria}, या total (0–100), और वैकल्पिक comment. UTF-8, अधिकतम 10 MB.',
  'resultsCsv.criterion': '{name} (0–{max})',
} as const;
