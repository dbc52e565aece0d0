/**
 * Times, numbers, sizes and amounts of the conversations screen in the user's language (Intl with
 * the dictionary's locale): a chat row's last message time (the time today, the weekday within a
 * week, else the date), a message's time, a day's heading, file sizes (SPEC §9) and money.
 */
import { useMemo } from 'react';
import { useI18nContext } from '../../../../i18n/i18n-react';
import { durationText, fileSizeOf } from './file-size';

const DAY = 24 * 60 * 60 * 1000;
/** Dates beyond this are invalid in JavaScript (Intl would throw on them). */
const MAX_TIME = 8.64e15;
export const isValidTime = (ms: number): boolean => Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME;
/** A time as ISO text for `<time dateTime>`, or undefined when it is no valid date. */
export const isoTime = (ms: number): string | undefined => (isValidTime(ms) ? new Date(ms).toISOString() : undefined);

export type ChatFormats = {
  /** A chat row's time: today the time, within a week the weekday, else the date. */
  listTime(ms: number, now: number): string;
  /** A message's time of day. */
  time(ms: number): string;
  /** The heading of a day in the chat view. */
  day(ms: number): string;
  /** The key of a message's local day (for day headings). */
  dayKey(ms: number): string;
  number(value: number): string;
  fileSize(bytes: number): string;
  money(amount: number, currency: string): string;
  duration(seconds: number): string;
};

export function useChatFormats(): ChatFormats {
  const { LL, locale } = useI18nContext();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
    const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
    const size = LL.chats.size;
    return {
      listTime: (ms, now) => {
        if (!isValidTime(ms)) return '';
        const at = new Date(ms);
        if (sameDay(at, new Date(now))) return time.format(at);
        return now - ms < 6 * DAY && ms <= now ? weekday.format(at) : date.format(at);
      },
      time: (ms) => (isValidTime(ms) ? time.format(ms) : ''),
      day: (ms) => (isValidTime(ms) ? day.format(ms) : ''),
      dayKey: (ms) => {
        const d = new Date(ms);
        return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
      },
      number: (value) => number.format(value),
      fileSize: (bytes) => {
        const { unit, value } = fileSizeOf(bytes);
        if (unit === 'oneByte' || unit === 'overTB') return size[unit]();
        return size[unit]({ size: number.format(value) });
      },
      money: (amount, currency) => {
        try {
          return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
        } catch {
          // Not a currency code Intl knows: the amount and the code as they are.
          return `${number.format(amount)} ${currency}`;
        }
      },
      duration: durationText,
    };
  }, [LL, locale]);
}
