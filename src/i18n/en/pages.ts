export const pages = {
  notFound: {
    title: 'Page not found',
    body: 'The page you asked for does not exist or has moved.',
  },
  error: {
    title: 'Something went wrong',
    body: 'This part of the page could not be loaded. Check your connection and reload the page.',
    reload: 'Reload the page',
  },
};
