/**
 * What the home page lists (SPEC §2 "/home"), as data: later issues add quick actions and guide
 * links as their screens arrive.
 */
export type GuideStepId = 'createWorkspace' | 'installExtension' | 'inviteEmployees';

/** What is known about the user's setup. */
export type GuideFacts = {
  workspaceName: string | null;
  /** An extension id answered before (remembered in storage). */
  extensionKnown: boolean;
  /** Members of the workspace who were not removed (the user included). */
  memberCount: number;
};

export type GuideStep = { id: GuideStepId; done: boolean; to: string };

export const guideSteps = (facts: GuideFacts): GuideStep[] => [
  { id: 'createWorkspace', done: !!facts.workspaceName && facts.workspaceName.trim() !== '', to: '/workspace' },
  { id: 'installExtension', done: facts.extensionKnown, to: '/intro#faq-extension' },
  { id: 'inviteEmployees', done: facts.memberCount > 1, to: '/intro#faq-roles' },
];

export type QuickActionId = 'inviteLinks' | 'changePassword' | 'productTour';
export const quickActions: readonly { id: QuickActionId; to: string }[] = [
  // SPEC §2: the invite links screen is hidden from the menu; this is its way in.
  { id: 'inviteLinks', to: '/invite-link/group' },
  { id: 'changePassword', to: '/change-password' },
  { id: 'productTour', to: '/intro' },
];

export type FaqId = 'whatIs' | 'extension' | 'roles' | 'languages';
/** Each question links to its answer on the product introduction page. */
export const faqLinks: readonly { id: FaqId; to: string }[] = [
  { id: 'whatIs', to: '/intro#faq-what' },
  { id: 'extension', to: '/intro#faq-extension' },
  { id: 'roles', to: '/intro#faq-roles' },
  { id: 'languages', to: '/intro#faq-languages' },
];
