/**
 * The vitest hooks of a test file over the team world (team-world.ts): the app and the world are
 * built once for the file (sign-up hashes passwords, which is slow) and closed after it. With
 * `rebuildEach`, every test starts from the same world: the clock back at its start, the app
 * rebuilt with its own config and the teams laid out again.
 *
 * `use` receives the app and the world once they are built, for the file's own variables.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildWorld, type World } from './team-world';
import { CLOCK_START, setupTestApp, type TestApp } from './test-app';

export const useTeamWorld = (use: (t: TestApp, w: World) => void, options: { rebuildEach?: boolean } = {}): void => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await setupTestApp();
    w = await buildWorld(t);
    use(t, w);
  }, 120000);
  afterAll(async () => {
    await t.close();
  });
  if (options.rebuildEach) {
    beforeEach(async () => {
      t.clock.set(CLOCK_START);
      t.rebuild();
      await w.rebuild();
    });
  }
};
