export const layout = {};
