// English UI strings of the results CSV upload on /admin-upload (issue 37: its columns are the competition's criteria). Spread into en.ts.
export const resultsCsvEn = {
  'resultsCsv.columns': 'Columns: entry_code, then {criteria}, or total (0–100), and an optional comment. UTF-8, at most 10 MB.',
  'resultsCsv.criterion': '{name} (0–{max})',
} as const;
