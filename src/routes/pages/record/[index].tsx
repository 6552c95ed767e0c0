import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RecordsScreen } from '../../../features/records/records-screen';

export const Route = createFileRoute('/pages/record/index')({
  validateSearch: z.object({ tab: z.optional(z.enum(['all', 'in', 'out', 'failed'])) }),
  component: RecordsScreen,
});
