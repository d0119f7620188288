// Arabic UI strings of order receipts on screen (the same keys as receipts.en.ts).
export const receiptsAr = {
  'orders.recent': 'طلباتك الأخيرة',
  'orders.row': '{code} · {competition} · {tier} · {month}',
  'orders.paid': 'تم استلام الدفع للطلب {code}: أصبحت {entries} في {competition} لشهر {month} لك.',
  'checkout.competition': 'المسابقة',
  'checkout.tierLine': '{tier} · {entries} لشهر {month}',
} as const;
