/** Messages between the members view tests and the server worker (team-server-worker.ts). */
import type { Person } from '../../server/support/team-world';
import type { BaseReply, FetchRequest } from '../server-worker-host';

export type SeedRow =
  | { person: Person; level?: 'admin' | 'manager' | 'member'; status?: 'joined' | 'invited' | 'removed'; syncType?: 'off' | 'manual' | 'auto'; number?: string | null }
  | { invite: string }
  /** Deletes the main workspace's row (a member or an invitation) of this address. */
  | { drop: string }
  /** A pending application to leave the main workspace (SPEC §4) by this person, with its note. */
  | { leave: Person; note?: string | null };

export type TeamWorld = {
  who: Record<Person, { email: string; userId: string; accessToken: string }>;
  workspaceId: string;
};

export type ServerMember = { email: string; level: string; status: string; syncType: string };

export type WorkerRequest =
  | FetchRequest
  | { id: number; op: 'reset'; plan?: string; seed: readonly SeedRow[] }
  | { id: number; op: 'members' };

export type WorkerReply =
  | BaseReply
  | { id: number; op: 'reset'; world: TeamWorld }
  | { id: number; op: 'members'; members: ServerMember[] };
