/**
 * Assistant tools (SPEC §2 Other panels: pin chats, number check, privacy tool, group tool).
 * Sections: `menu` (the header's tools menu), `numberCheck`, `groupTool`, `privacy`.
 */
export const assistant = {
  menu: {
    title: 'Assistant tools',
  },
};
