import { CURRENCY_CODES, parseMajor, toMajorString, type CurrencyCode, type Money } from '@writory/shared';
import Field from '../react/Field';

/** Amount text per currency, as typed (major units, e.g. "199.00"); empty means "none in this currency". */
export type MoneyDraft = Partial<Record<CurrencyCode, string>>;

export const draftOf = (list: Money[]): MoneyDraft => Object.fromEntries(list.map((m) => [m.currency, toMajorString(m.amount, m.currency)]));

/** The draft as integer minor units, or the first currency whose text is not an amount. */
export function moneyFromDraft(draft: MoneyDraft): { money: Money[]; invalid: CurrencyCode | null } {
  const money: Money[] = [];
  for (const currency of CURRENCY_CODES) {
    const text = draft[currency]?.trim();
    if (!text) continue;
    const amount = parseMajor(text, currency);
    if (amount === null) return { money, invalid: currency };
    money.push({ currency, amount });
  }
  return { money, invalid: null };
}

/** One amount field per currency, in major units. */
export default function MoneyInputs({
  legend,
  draft,
  onChange,
  error,
  idPrefix,
}: {
  legend: string;
  draft: MoneyDraft;
  onChange: (next: MoneyDraft) => void;
  error?: string | null;
  idPrefix: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {CURRENCY_CODES.map((currency) => (
          <Field
            key={currency}
            id={`${idPrefix}-${currency}`}
            label={currency}
            inputMode="decimal"
            autoComplete="off"
            placeholder="—"
            value={draft[currency] ?? ''}
            onChange={(e) => onChange({ ...draft, [currency]: e.target.value })}
            error={error?.includes(currency) ? error : undefined}
          />
        ))}
      </div>
      {error && !CURRENCY_CODES.some((c) => error.includes(c)) && <p className="text-sm font-medium text-red-800">{error}</p>}
    </fieldset>
  );
}
