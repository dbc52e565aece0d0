/**
 * Bad input never reaches the database: every endpoint of the contract (src/contract/all-endpoints.ts),
 * fuzzed field by field with boundary values, as the caller its access needs. What is sent and what
 * must hold: tests/server/support/contract-fuzz.ts.
 *
 * Nothing is skipped: GET calls take no fields (bad values go in the query string anyway), the file
 * downloads refuse bad values with a JSON envelope like any call, and the import's uploads get the
 * bad values in their text fields (and inside the relation's JSON text) beside a real file.
 *
 * CONTRACT_FUZZ_REPORT=1 prints the number of requests and every call that answered 109500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCases, fuzzEndpoint, setupFuzzWorld, type FuzzWorld } from './support/contract-fuzz';

let world: FuzzWorld;
beforeAll(async () => {
  world = await setupFuzzWorld();
});
afterAll(async () => {
  if (process.env.CONTRACT_FUZZ_REPORT) {
    const names = [...new Set(world.tally.internal.map((i) => i.name))];
    console.log(`contract fuzz: ${world.tally.requests} requests (${world.tally.accepted} of values the contract takes); ${names.length} endpoints answered 109500${names.length ? `: ${names.join(', ')}` : ''}`);
    for (const i of world.tally.internal) console.log(`  ${i.name} ${i.label}`);
  }
  await world.t.close();
});

describe('contract fuzz: bad values are refused as VALIDATION, never a server failure, and write nothing', () => {
  it.each(fuzzCases().map((c) => [c.name, c] as const))('%s', async (_, c) => {
    expect(await fuzzEndpoint(world, c)).toEqual([]);
  });
});
