/** Messages between the chat tools view tests and the server worker (tools-server-worker.ts). */
import type { Person } from '../../server/support/team-world';
import type { BaseReply, FetchRequest } from '../server-worker-host';

/** A quick reply the admin makes (attachments: stored files of the workspace, made for it). */
export type QuickReplySeed = {
  title: string;
  message: string;
  attachments?: { name: string; mimeType: string; kind: 'image' | 'video' | 'document'; size: number }[];
};
/** An auto reply the admin makes (the rest of its fields take plain defaults). */
export type AutoReplySeed = { name: string; type: 'keyword' | 'replyAll'; keywords?: string[]; matchMode?: 'fuzzy' | 'exact'; reply: string; status?: 'active' | 'paused' };
/** A chat synced for a person: a single chat by the counterpart's digits, or a group. */
export type ChatSeed = { digits: string; name: string; group?: boolean; lastMessage?: string };

export type ToolsSeed = {
  chats: Partial<Record<Person, ChatSeed[]>>;
  quickReplies: QuickReplySeed[];
  autoReplies: AutoReplySeed[];
  /** Member config rows to start with (the auto-reply switch of a person, '1' or '0'). */
  switches?: Partial<Record<Person, '1' | '0'>>;
};

export type ToolsWorld = {
  who: Record<Person, { email: string; userId: string; accessToken: string }>;
  /** Quick reply id by title. */
  quickReplyIds: Record<string, string>;
  /** Stored file id by name. */
  fileIds: Record<string, string>;
};

export type WorkerRequest =
  | FetchRequest
  | { id: number; op: 'reset'; seed: ToolsSeed }
  | { id: number; op: 'config'; person: Person };

export type WorkerReply =
  | BaseReply
  | { id: number; op: 'reset'; world: ToolsWorld }
  | { id: number; op: 'config'; items: { key: string; value: string }[] };
