/** Messages between the members view tests and the server worker (team-server-worker.ts). */
import type { Person } from '../../server/support/team-world';

export type SeedRow =
  | { person: Person; level?: 'admin' | 'manager' | 'member'; status?: 'joined' | 'invited' | 'removed'; syncType?: 'off' | 'manual' | 'auto'; number?: string | null }
  | { invite: string }
  /** Deletes the main workspace's row (a member or an invitation) of this address. */
  | { drop: string };

export type TeamWorld = {
  who: Record<Person, { email: string; userId: string; accessToken: string }>;
  workspaceId: string;
};

export type ServerMember = { email: string; level: string; status: string; syncType: string };

export type WorkerRequest =
  | { id: number; op: 'fetch'; url: string; method: string; headers: [string, string][]; body: string | null }
  | { id: number; op: 'reset'; plan?: string; seed: readonly SeedRow[] }
  | { id: number; op: 'members' };

export type WorkerReply =
  | { id: number; op: 'ready' }
  | { id: number; op: 'fetch'; status: number; headers: [string, string][]; body: string }
  | { id: number; op: 'reset'; world: TeamWorld }
  | { id: number; op: 'members'; members: ServerMember[] }
  | { id: number; op: 'error'; message: string };
