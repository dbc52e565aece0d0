/**
 * Money on screen (SPEC §9: "seat price shown as cents total divided by 100 with two decimals").
 * Amounts are integer cents everywhere; showing one never divides a float: the cents are cut into
 * whole units and a two-digit remainder and handed to `Intl.NumberFormat` as a decimal string,
 * which formats it exactly in the reader's locale (digits, separators and the currency's place).
 */

/** `1234` -> `"12.34"`; `-5` -> `"-0.05"`. Throws on a non-integer (a price is never fractional cents). */
export const centsToDecimal = (cents: number): string => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The amount in the locale's currency format with two decimals ("$12.34", "US$12.34", "‏12.34 US$"). */
export const formatCents = (cents: number, locale: string, currency = 'usd'): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    // A decimal string: formatted exactly (Intl.NumberFormat takes strings as decimals).
    centsToDecimal(cents) as unknown as number,
  );
