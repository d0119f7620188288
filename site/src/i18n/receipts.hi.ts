// Hindi UI strings of order receipts on screen (the same keys as receipts.en.ts).
export const receiptsHi = {
  'orders.recent': 'आपके हाल के ऑर्डर',
  'orders.row': '{code} · {competition} · {tier} · {month}',
  'orders.paid': 'ऑर्डर {code} का भुगतान मिल गया: {competition}, {month} के लिए {entries} अब आपकी हैं।',
  'checkout.competition': 'प्रतियोगिता',
  'checkout.tierLine': '{tier} · {month} के लिए {entries}',
} as const;
