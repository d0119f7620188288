// English UI strings of order receipts on screen (issue 37: every receipt names its competition). Spread into en.ts.
export const receiptsEn = {
  'orders.recent': 'Your recent orders',
  'orders.row': '{code} · {competition} · {tier} · {month}',
  'orders.paid': 'Payment received for order {code}: {entries} for the {competition}, {month}, now yours.',
  'checkout.competition': 'Competition',
  'checkout.tierLine': '{tier} · {entries} for {month}',
} as const;
