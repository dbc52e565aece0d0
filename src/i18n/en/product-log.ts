/** The product event log's admin page (SPEC §7 Analytics logging): counts per event type and day. */
export const productLog = {
  title: 'Product events',
};
