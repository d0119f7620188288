// English: what the judges' agreement says, by band (packages/shared agreement.ts), on the results pages and the
// admins' judging report. Spread into en.ts.
export const agreementEn = {
  'judging.agreement.unmeasured': 'Too few entries were read by more than one judge to measure how much the judges agreed.',
  'judging.agreement.close': 'The judges agreed closely: entries one judge scored high, the others scored high too.',
  'judging.agreement.mostly': 'The judges mostly agreed; where they differed, averaging several judges per entry evened it out.',
  'judging.agreement.often': 'The judges often disagreed, as readers of poetry do; each entry’s score averages several judges so no single reader decides it.',
  'judging.agreement.below': 'The judges disagreed more than chance would suggest; the team reviews such months before publishing.',
} as const;
