// Money on the wire and in the database: integer amounts in the currency's minor unit (paise, cents) with an
// ISO 4217 code. Never a float: parse and print through these helpers.

/** The currencies Writory sells in, with their ISO 4217 minor-unit exponent. */
export const CURRENCIES = {
  INR: { exponent: 2, name: 'Indian rupee' },
  USD: { exponent: 2, name: 'US dollar' },
  EUR: { exponent: 2, name: 'Euro' },
  GBP: { exponent: 2, name: 'Pound sterling' },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

export const isCurrencyCode = (value: unknown): value is CurrencyCode => typeof value === 'string' && Object.hasOwn(CURRENCIES, value);

/** An amount in minor units (an integer) and its currency. */
export interface Money {
  currency: CurrencyCode;
  amount: number;
}

/** Largest amount accepted anywhere (10 million in major units): far below 2^53, so sums stay exact. */
export const MAX_AMOUNT = 1_000_000_000;

export const isMinorAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_AMOUNT;

/** 19950 INR → "199.50" (no symbol, no grouping): the value an amount input shows. */
export function toMajorString(amount: number, currency: CurrencyCode): string {
  const exponent: number = CURRENCIES[currency].exponent;
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * "199.5" INR → 19950, exactly (string arithmetic, no floats). Null for anything that is not a plain
 * non-negative amount with at most the currency's number of decimals.
 */
export function parseMajor(text: string, currency: CurrencyCode): number | null {
  const exponent: number = CURRENCIES[currency].exponent;
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text.trim().replace(/[,\s_]/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > exponent) return null;
  const amount = Number(whole + fraction.padEnd(exponent, '0'));
  return isMinorAmount(amount) ? amount : null;
}

/** "₹199.50", "$4.99": for people. Signed amounts show a minus sign. */
export function formatMoney(amount: number, currency: CurrencyCode, locale = 'en'): string {
  const exponent: number = CURRENCIES[currency].exponent;
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: exponent, maximumFractionDigits: exponent });
  // Intl takes a number; the major-unit string keeps it exact (Intl accepts decimal strings).
  return format.format(toMajorString(amount, currency) as unknown as number);
}

/** A percentage of an amount, rounded down to the minor unit (discounts and rewards never round up). */
export const percentOf = (amount: number, percent: number): number => Math.floor((amount * percent) / 100);
