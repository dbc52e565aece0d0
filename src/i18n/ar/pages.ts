export const pages = {};
