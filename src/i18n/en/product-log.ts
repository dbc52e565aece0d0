/**
 * The product event log's admin page (SPEC §7 Analytics logging; /settings/product-events, the
 * owner and managers): counts per event type and UTC day, logged and estimated for every session.
 */
export const productLog = {
  title: 'Product events',
  lead: 'What the app logged, per event and day (UTC). Pages send their events in a sample of {percent:string} of page loads; the estimate counts every page load. Chat sync uploads are recorded by the server, each one.',
  range: {
    label: 'Days',
    quickRanges: 'Quick ranges',
    today: 'Today',
    yesterday: 'Yesterday',
    thisWeek: 'This week',
    thisMonth: 'This month',
    open: 'Open the calendar',
    prev: 'Previous month',
    next: 'Next month',
    from: 'From',
    to: 'To',
  },
  lastDays: 'Last 14 days',
  showing: '{from:string} to {to:string} (UTC)',
  tooLong: 'Choose at most {max:number} days.',
  columns: { day: 'Day (UTC)', type: 'Event', events: 'Logged', estimated: 'Estimated, all page loads' },
  types: {
    chatSync: 'Chat sync started on the page',
    firstRunGuide: 'First-run guide closed',
    chatSyncUpload: 'Chat sync upload (server)',
  },
  loading: 'Loading the counts…',
  empty: 'No events were logged on these days.',
  loadFailed: 'The counts could not be loaded.',
  retry: 'Try again',
};
