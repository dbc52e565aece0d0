/** Times of the template centre's lists, as the language on screen writes them. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment (unix milliseconds) as a date and a time in the reader's language and time zone. */
export const formatDateTime = (ms: number, locale: string): string => {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format.format(new Date(ms));
};
