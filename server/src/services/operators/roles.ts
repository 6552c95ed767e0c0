/**
 * What each operator role may do. Roles do not nest: an admin runs the service (operators,
 * messages, the app version, limits) but approves no withdrawal, and finance moves money but
 * manages nobody — so no single operator can both make themselves able and act.
 */
import type { OperatorRole } from '../../db/schema-console';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['reviewer', 'support', 'finance', 'admin'];

const GRANTS = {
  /** Judge activity participations. */
  'participations.review': ['reviewer'],
  /** Look a user up: balances, records, sessions, devices, holds, security changes. */
  'users.read': ['support', 'finance'],
  /** Lift a hold after verifying the owner, lock an account. */
  'users.protect': ['support'],
  /** Withdrawal approvals, the hot wallet's float, the reconciliation, the reward pool. */
  'money.approve': ['finance'],
  /** Operators, messages and popups, the app version, limits. */
  'service.admin': ['admin'],
  /** Read and export the audit log. */
  'audit.read': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof GRANTS;

export const isOperatorRole = (value: string): value is OperatorRole => (OPERATOR_ROLES as readonly string[]).includes(value);

export const allowed = (role: OperatorRole, permission: Permission): boolean =>
  (GRANTS[permission] as readonly OperatorRole[]).includes(role);
