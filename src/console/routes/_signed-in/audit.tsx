import { createFileRoute } from '@tanstack/react-router';
import { AuditScreen } from '../../features/audit/audit-screen';

export const Route = createFileRoute('/_signed-in/audit')({ component: AuditScreen });
