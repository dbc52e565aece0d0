/** Messages between the schedules view tests and the server worker (schedules-server-worker.ts). */
import type { Person } from '../../server/support/team-world';

export type SchedulesWorld = {
  who: Record<Person, { email: string; userId: string; accessToken: string }>;
  workspaceId: string;
};

export type WorkerRequest =
  | { id: number; op: 'fetch'; url: string; method: string; headers: [string, string][]; body: string | null }
  | { id: number; op: 'reset' }
  /** Sets the server's clock. */
  | { id: number; op: 'clock'; at: number }
  /** One pass of the schedule executor at the server's clock. */
  | { id: number; op: 'runDue' };

export type WorkerReply =
  | { id: number; op: 'ready' }
  | { id: number; op: 'fetch'; status: number; headers: [string, string][]; body: string }
  | { id: number; op: 'reset'; world: SchedulesWorld }
  | { id: number; op: 'clock' }
  | { id: number; op: 'runDue'; sent: number }
  | { id: number; op: 'error'; message: string };
