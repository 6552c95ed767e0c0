/**
 * What the operator console's API answers, shared by the server that writes it and the console
 * that reads it (types only). `Time` is a Date on the server and the ISO string it becomes in JSON.
 */

/** A participation waiting for a reviewer, with the earlier ones that look like it. */
export interface QueuedParticipation<Time = string> {
  id: number;
  activityId: number;
  activityTitle: string;
  partnerName: string;
  userId: number;
  partnerUid: string;
  images: Array<{ id: string; mime: string; sha256: string | null }>;
  submittedAt: Time;
  /** Other participations with the same partner user ID or a screenshot with the same bytes. */
  earlier: Array<{ id: number; userId: number; activityId: number; status: string; same: Array<'partner-uid' | 'image'> }>;
}

/** A row of the audit log. */
export interface AuditRow<Time = string> {
  id: string;
  at: Time;
  operatorId: string | null;
  operatorEmail: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
}

/** A user a lookup found, and what the query matched. */
export interface FoundUser<Time = string> {
  id: number;
  account: string;
  nickname: string;
  createdAt: Time;
  by: 'id' | 'phone' | 'email' | 'address' | 'txId';
}
