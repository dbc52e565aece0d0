/**
 * The real implementations of the app-wide machines' named effects (ARCHITECTURE.md
 * "Statecharts"), one module per actor under ./actors/ (gate, session, account, language,
 * selected-member, privacy), built from the services; `createActors(services)` gathers them for the app
 * system (./app-system.ts), which passes each to its machine's `provide`. The screens' flows have
 * their own modules there too (auth, team, workspace, invitation), started with `useFlowActor`.
 */
import { accountEffects } from './actors/account';
import type { CoreServices } from './actors/core';
import { gateEffects } from './actors/gate';
import { languageEffects } from './actors/language';
import { privacyEffects } from './actors/privacy';
import { selectedMemberEffects } from './actors/selected-member';
import { sessionEffects } from './actors/session';

export type { CoreServices } from './actors/core';

export const createActors = (services: CoreServices) => ({
  loginGate: gateEffects(services),
  session: sessionEffects(services),
  selectedMember: selectedMemberEffects(services),
  language: languageEffects(services),
  account: accountEffects(services),
  privacy: privacyEffects(services),
});

export type AppActors = ReturnType<typeof createActors>;
