/** Messages between the schedules view tests and the server worker (schedules-server-worker.ts). */
import type { Person } from '../../server/support/team-world';
import type { BaseReply, FetchRequest } from '../server-worker-host';

export type SchedulesWorld = {
  who: Record<Person, { email: string; userId: string; accessToken: string }>;
  workspaceId: string;
};

export type WorkerRequest =
  | FetchRequest
  | { id: number; op: 'reset' }
  /** Sets the server's clock. */
  | { id: number; op: 'clock'; at: number }
  /** One pass of the schedule executor at the server's clock. */
  | { id: number; op: 'runDue' };

export type WorkerReply =
  | BaseReply
  | { id: number; op: 'reset'; world: SchedulesWorld }
  | { id: number; op: 'clock' }
  | { id: number; op: 'runDue'; sent: number };
